// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { evmNetwork, testKernel } from '../../../test/account/solanaTesting.ts'
import { contextOf } from '../../account/report.ts'
import { currentAlert, resetAlertsForTests } from '../../alerts/alerts.ts'
import { connectWalletConnect, registerWalletConnect } from './body.ts'

afterEach(resetAlertsForTests)

describe('WalletConnect provider failure (behaviour §8 alerts)', () => {
  it('a provider that cannot be created raises the universal-provider alert once and rejects each connect', async () => {
    const kernel = testKernel({ networks: [evmNetwork(31337)] })
    const warn = vi.fn()
    kernel.log = { ...kernel.log, warn }
    const createProvider = vi.fn(async () => {
      throw new Error('init failed')
    })
    registerWalletConnect(contextOf(kernel), {
      platform: () => ({
        userAgent: 'X11',
        maxTouchPoints: 0,
        coarsePointer: false,
        telegram: false,
        iframe: false,
      }),
      createProvider,
    })
    await expect(connectWalletConnect(contextOf(kernel))).rejects.toThrow()
    expect(currentAlert()?.id).toBe('universalProvider')
    await expect(connectWalletConnect(contextOf(kernel))).rejects.toThrow()
    expect(createProvider).toHaveBeenCalledTimes(2)
    expect(
      warn.mock.calls.filter(([text]) => String(text).includes('WalletConnect Unavailable')),
    ).toHaveLength(1)
    for (const cleanup of kernel.cleanups.splice(0)) cleanup()
  })
})
