// @vitest-environment node
import { MESSAGES } from '@portico/shared-types'
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
    const cause = new Error('init failed')
    const createProvider = vi.fn(async () => {
      throw cause
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
    // behaviour §8: the catalogue's error, the SDK's own kept as its cause.
    const failure = { code: 'UNIVERSAL_PROVIDER_FAILED', message: MESSAGES.universalProviderFailed, cause }
    await expect(connectWalletConnect(contextOf(kernel))).rejects.toMatchObject(failure)
    expect(currentAlert()?.id).toBe('universalProvider')
    await expect(connectWalletConnect(contextOf(kernel))).rejects.toMatchObject(failure)
    expect(createProvider).toHaveBeenCalledTimes(2)
    expect(
      warn.mock.calls.filter(([text]) => String(text).includes('WalletConnect Unavailable')),
    ).toHaveLength(1)
    for (const cleanup of kernel.cleanups.splice(0)) cleanup()
  })
})
