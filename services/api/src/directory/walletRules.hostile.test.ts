import { describe, expect, it } from 'vitest'
import type { CatalogueWallet } from './catalogue.ts'
import { checkLink, checkWallet, MAX_CHAINS, MAX_LINK_CHARS, MAX_NAME_CHARS } from './walletRules.ts'

const row = (over: Partial<CatalogueWallet> = {}): CatalogueWallet => ({
  id: 'abc',
  name: 'Good Wallet',
  homepage: 'https://good.example',
  image_id: 'img-1',
  order: 1,
  rdns: 'com.good',
  mobile_link: 'goodwallet://',
  desktop_link: null,
  webapp_link: 'https://app.good.example',
  chains: ['eip155:1'],
  badge_type: 'none',
  ...over,
})

const served = (over: Partial<CatalogueWallet>) => {
  const checked = checkWallet(row(over))
  if ('refused' in checked) throw new Error(`refused: ${checked.refused}`)
  return checked
}

describe('wallet links', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://evil.example/1',
  ])('never serves %s as any link', (link) => {
    const checked = served({ mobile_link: link, desktop_link: link, webapp_link: link, homepage: link })
    expect(checked.wallet).toMatchObject({
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      homepage: '',
    })
    expect(checked.notes.join('\n')).toMatch(/mobile_link dropped: uses the [a-z]+: scheme/)
  })

  it('hides nothing: spaces, controls and bidi characters inside a link drop it', () => {
    for (const link of [
      'https://good.example/\u202Egnp.exe',
      'https://good.example/ wc',
      'java\tscript:x',
      'https://a\u0000b',
    ])
      expect(checkLink(link, 'app')).toEqual({ problem: 'holds spaces or invisible characters' })
  })

  it('web links are https only; app links may use a wallet scheme but never http', () => {
    expect(checkLink('http://good.example', 'web')).toHaveProperty('problem')
    expect(checkLink('http://good.example', 'app')).toHaveProperty('problem')
    expect(checkLink('goodwallet://wc', 'web')).toHaveProperty('problem')
    expect(checkLink('goodwallet://wc', 'app')).toEqual({ link: 'goodwallet://wc' })
    expect(checkLink('https://good.example/wc', 'web')).toEqual({ link: 'https://good.example/wc' })
    expect(checkLink(`https://good.example/${'a'.repeat(MAX_LINK_CHARS)}`, 'web')).toHaveProperty('problem')
    expect(checkLink('no-scheme', 'app')).toHaveProperty('problem')
  })
})

describe('wallet names and fields', () => {
  it('removes control and bidi characters from a name, and says so', () => {
    const checked = served({ name: 'Good\u202E Wallet\u200B\u0007' })
    expect(checked.wallet.name).toBe('Good Wallet')
    expect(checked.notes[0]).toMatch(/^name:/)
  })

  it('refuses a wallet whose name has nothing visible, and cuts a long one', () => {
    expect(checkWallet(row({ name: '\u202E\u200B \u0000' }))).toEqual({
      refused: 'name has no visible characters',
    })
    expect([...served({ name: 'W'.repeat(500) }).wallet.name]).toHaveLength(MAX_NAME_CHARS)
  })

  it('refuses ids the wallet-list routes could not name, drops bad rdns, chains and image ids', () => {
    expect(checkWallet(row({ id: '../x' }))).toHaveProperty('refused')
    expect(checkWallet(row({ id: 'x'.repeat(129) }))).toHaveProperty('refused')
    const checked = served({
      rdns: 'not a domain',
      chains: ['eip155:1', '<script>', 'eip155:1', 7 as unknown as string],
      image_id: '../../etc/passwd',
      badge_type: 'gold' as 'none',
    })
    expect(checked.wallet).toMatchObject({
      rdns: null,
      chains: ['eip155:1'],
      image_id: '',
      badge_type: 'none',
    })
    const many = served({ chains: Array.from({ length: MAX_CHAINS + 5 }, (_, i) => `eip155:${i}`) })
    expect(many.wallet.chains).toHaveLength(MAX_CHAINS)
  })
})
