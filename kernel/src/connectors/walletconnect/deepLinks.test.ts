import type { WalletDirectoryEntry } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { formatNativeUrl, formatUniversalUrl, walletLinks } from './deepLinks.ts'
import type { Platform } from './platform.ts'

const URI = 'wc:7f6e@2?relay-protocol=irn&symKey=587d'
const ENCODED = encodeURIComponent(URI)

const desktop: Platform = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  maxTouchPoints: 0,
  coarsePointer: false,
  telegram: false,
  iframe: false,
}
const android: Platform = {
  ...desktop,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36',
  coarsePointer: true,
}

describe('deep links (as AppKit builds them)', () => {
  it('native links: scheme://wc?uri=<encoded>, href is the app link', () => {
    expect(formatNativeUrl('metamask://', URI)).toEqual({
      redirect: `metamask://wc?uri=${ENCODED}`,
      href: 'metamask://',
    })
    expect(formatNativeUrl('trust:', URI)).toEqual({
      redirect: `trust://wc?uri=${ENCODED}`,
      href: 'trust://',
    })
    expect(formatNativeUrl('rainbow', URI).redirect).toBe(`rainbow://wc?uri=${ENCODED}`)
    expect(formatNativeUrl('ledgerlive://app', URI)).toEqual({
      redirect: `ledgerlive://app/wc?uri=${ENCODED}`,
      href: 'ledgerlive://app/',
    })
  })

  it('universal links: <link>/wc?uri=<encoded>; either function hands over to the other', () => {
    const universal = {
      redirect: `https://link.trustwallet.com/wc?uri=${ENCODED}`,
      href: 'https://link.trustwallet.com/',
    }
    expect(formatUniversalUrl('https://link.trustwallet.com', URI)).toEqual(universal)
    expect(formatNativeUrl('https://link.trustwallet.com/', URI)).toEqual(universal)
    expect(formatUniversalUrl('metamask://', URI).redirect).toBe(`metamask://wc?uri=${ENCODED}`)
  })

  it('Android inside Telegram encodes the uri twice', () => {
    expect(formatNativeUrl('metamask://', URI, { ...android, telegram: true }).redirect).toBe(
      `metamask://wc?uri=${encodeURIComponent(ENCODED)}`,
    )
    expect(formatNativeUrl('metamask://', URI, android).redirect).toBe(`metamask://wc?uri=${ENCODED}`)
  })
})

describe('walletLinks', () => {
  const wallet: WalletDirectoryEntry = {
    id: 'w',
    name: 'Wallet',
    mobile_link: 'wallet://',
    desktop_link: 'walletdesktop://',
    webapp_link: 'https://app.wallet.example',
  }

  it('on a phone: the mobile link in this tab (the top one inside an iframe), then the web app', () => {
    expect(walletLinks(wallet, URI, android)).toEqual([
      { kind: 'mobile', target: '_self', redirect: `wallet://wc?uri=${ENCODED}`, href: 'wallet://' },
      {
        kind: 'web',
        target: '_blank',
        redirect: `https://app.wallet.example/wc?uri=${ENCODED}`,
        href: 'https://app.wallet.example/',
      },
    ])
    expect(walletLinks(wallet, URI, { ...android, iframe: true })[0]?.target).toBe('_top')
  })

  it('on a desktop: the desktop app in a new tab, then the web app; nothing for an entry without links', () => {
    expect(walletLinks(wallet, URI, desktop).map((link) => [link.kind, link.target, link.href])).toEqual([
      ['desktop', '_blank', 'walletdesktop://'],
      ['web', '_blank', 'https://app.wallet.example/'],
    ])
    expect(walletLinks({ id: 'x', name: 'X', mobile_link: null }, URI, desktop)).toEqual([])
  })

  it('never offers a script, data or local-file link from a directory entry', () => {
    const hostile: WalletDirectoryEntry = {
      id: 'h',
      name: 'Hostile',
      mobile_link: 'javascript://%0aalert(1)',
      desktop_link: ' JavaScript://x',
      webapp_link: 'data:text/html,<script>alert(1)</script>',
    }
    expect(walletLinks(hostile, URI, android)).toEqual([])
    expect(walletLinks(hostile, URI, desktop)).toEqual([])
  })
})
