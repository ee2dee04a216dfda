import { describe, expect, it } from 'vitest'
import { announceProvider, DEV_WALLET_INFO, randomUuid } from './announce.ts'

type Announcement = { info: { uuid: string; name: string; icon: string; rdns: string }; provider: object }

describe('announceProvider (EIP-6963)', () => {
  it('announces at once and again on every eip6963:requestProvider, until stopped', () => {
    const target = new EventTarget()
    const seen: Announcement[] = []
    target.addEventListener('eip6963:announceProvider', (e) =>
      seen.push((e as CustomEvent<Announcement>).detail),
    )
    const provider = { request: async () => null }
    const stop = announceProvider(target, provider)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    const [first, second] = seen as [Announcement, Announcement]
    expect(first.provider).toBe(provider)
    expect(second.info.uuid).toBe(first.info.uuid)
    expect(first.info).toMatchObject({ name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' })
    expect(Object.isFrozen(first) && Object.isFrozen(first.info)).toBe(true)
    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
  })

  it('has an SVG data URI icon and v4 UUIDs', () => {
    expect(DEV_WALLET_INFO.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(atob(DEV_WALLET_INFO.icon.split(',')[1] as string)).toContain('<svg')
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
