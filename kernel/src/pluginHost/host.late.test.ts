import { afterEach, describe, expect, it, vi } from 'vitest'
import { feature, hostFor } from '../../test/pluginHost/testHost.ts'

/** The remote loader, held until the test lets the remote arrive. */
const arrival = vi.hoisted(() => {
  let release: (() => void) | undefined
  const arrived = new Promise<void>((resolve) => {
    release = resolve
  })
  return { arrived, release: () => release?.() }
})

vi.mock('./remote.ts', () => ({
  checkRemote: vi.fn(async () => ({ id: 'receive', api: '^1.0.0' })),
  assertApiRange: vi.fn(async () => {}),
  preloadRemote: vi.fn(),
  loadCheckedRemote: vi.fn(async () => {
    await arrival.arrived
    return feature('receive')
  }),
}))

const OFF = {
  swaps: false,
  onramp: false,
  receive: false,
  send: false,
  email: false,
  socials: false,
  history: false,
  names: false,
} as const

afterEach(() => vi.clearAllMocks())

describe('a remote that arrives after the load timeout', () => {
  it('is reported once, then started when it arrives, without another open', async () => {
    const { host, store, log } = hostFor({
      features: { ...OFF, receive: true },
      pluginLoadTimeoutMs: 50,
      plugins: { receive: { url: 'http://127.0.0.1:9/receive/remoteEntry.js' } },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.receive?.status).toBe('failed')
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('remote did not load within 50 ms'))
    expect(host.contributions('walletFeatures')).toEqual([])

    arrival.release()
    await vi.waitFor(() => expect(store.get().plugins.receive?.status).toBe('ready'))
    expect(host.contributions('walletFeatures').map((item) => item.id)).toEqual(['receive'])
  })
})
