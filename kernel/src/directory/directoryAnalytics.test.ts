// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { evmNetwork, testKernel } from '../../test/account/solanaTesting.ts'
import { HttpError } from '../api/http.ts'
import type { DirectoryClient } from './directory.ts'
import { startDirectoryAnalytics } from './directoryAnalytics.ts'

function analyticsWith(sendEvent: DirectoryClient['sendEvent']) {
  const kernel = testKernel({ networks: [evmNetwork(31337)] })
  kernel.store.update((draft) => {
    draft.wallets.isAnalyticsEnabled = true
  })
  const toast = { error: vi.fn() }
  const analytics = startDirectoryAnalytics(kernel, { sendEvent } as DirectoryClient, toast)
  analytics.configSettled()
  const connect = () =>
    kernel.bus.emit('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155' })
  return { kernel, toast, connect }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('analytics failures (behaviour §8)', () => {
  it("a 403 (origin not on the allowlist) shows 'Invalid App Configuration', once per page", async () => {
    const sendEvent = vi.fn(async () => {
      throw new HttpError(403, 'POST /e failed with status 403', undefined)
    })
    const { toast, connect } = analyticsWith(sendEvent)
    connect()
    connect()
    await settle()
    connect()
    await settle()
    expect(sendEvent).toHaveBeenCalledTimes(3)
    expect(toast.error.mock.calls).toEqual([['Invalid App Configuration']])
  })

  it('any other failure is only logged', async () => {
    const sendEvent = vi.fn(async () => {
      throw new HttpError(500, 'POST /e failed with status 500', undefined)
    })
    const { toast, connect } = analyticsWith(sendEvent)
    connect()
    await settle()
    expect(sendEvent).toHaveBeenCalledTimes(1)
    expect(toast.error).not.toHaveBeenCalled()
  })
})
