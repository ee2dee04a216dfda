import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BuyView } from './BuyView.tsx'
import plugin from './index.ts'
import { buyRestricted, currentTimeZone, isRestrictedTimeZone } from './restricted.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** The browser reporting `timeZone`, as Intl.DateTimeFormat().resolvedOptions() does. */
function inTimeZone(timeZone: string) {
  const real = Intl.DateTimeFormat
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation((...args) => {
    const format = new real(...(args as ConstructorParameters<typeof real>))
    vi.spyOn(format, 'resolvedOptions').mockReturnValue({ ...format.resolvedOptions(), timeZone })
    return format
  })
}

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const state = connectedState(ADDRESS)
const feature = () => plugin.contributes?.walletFeatures?.[0]

describe('Buy in the behaviour §9 restricted time zones', () => {
  it.each([
    'Asia/Shanghai',
    'Asia/Urumqi',
    'Asia/Hong_Kong',
    'Asia/Macau',
    'Asia/Macao',
    'PRC',
    'Hongkong',
  ])('treats %s as restricted', (zone) => expect(isRestrictedTimeZone(zone)).toBe(true))

  it.each([
    'Europe/Berlin',
    'Asia/Taipei',
    'Asia/Singapore',
    'Asia/Tokyo',
    'UTC',
    undefined,
  ])('offers Buy in %s', (zone) => expect(isRestrictedTimeZone(zone)).toBe(false))

  it("reads the browser's time zone", () => {
    inTimeZone('Asia/Shanghai')
    expect(currentTimeZone()).toBe('Asia/Shanghai')
    expect(buyRestricted()).toBe(true)
  })

  it('does not offer the Buy wallet feature in Asia/Shanghai, and does in Europe/Berlin', () => {
    inTimeZone('Asia/Shanghai')
    expect(feature()?.isAvailable?.(state)).toBe(false)
    vi.restoreAllMocks()
    inTimeZone('Europe/Berlin')
    expect(feature()?.isAvailable?.(state)).toBe(true)
  })

  it('shows no purchase form and calls no on-ramp service when the view is opened by name', () => {
    inTimeZone('Asia/Hong_Kong')
    const api = { onrampOptions: vi.fn(), onrampQuote: vi.fn(), onrampUrl: vi.fn(), fetchHistory: vi.fn() }
    const { ctx } = fakeContext(state, { services: { api: api as unknown as BlockchainApiClient } })
    render(<BuyView ctx={ctx} params={{}} />)
    expect(screen.getByText('Buying crypto is not available in your region')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Buy with/ })).toBeNull()
    for (const call of Object.values(api)) expect(call).not.toHaveBeenCalled()
  })
})
