import { definePlugin } from '@portico/shared-types/plugin'
import { describe, expect, it } from 'vitest'
import { feature, hostFor } from '../../test/pluginHost/testHost.ts'
import { NO_PLUGINS } from '../../test/testing.ts'

describe('plugin host under hostile plugins', () => {
  it('a setup() that never settles fails under the load timeout, is undone, and is retried', async () => {
    let calls = 0
    let disposedLate = 0
    let settleFirst: ((dispose: () => void) => void) | undefined
    const hanging = definePlugin({
      ...feature('receive'),
      setup() {
        calls += 1
        if (calls === 1) return new Promise<() => void>((resolve) => (settleFirst = resolve))
        return undefined
      },
    })
    const { host, store, views, log } = hostFor({
      features: { ...NO_PLUGINS, receive: true },
      pluginLoadTimeoutMs: 50,
      plugins: { receive: { definition: hanging } },
    })

    await host.ensureLoaded()
    expect(store.get().plugins.receive).toEqual({
      status: 'failed',
      error: 'setup() did not settle within 50 ms',
    })
    expect(views.has('receiveView')).toBe(false)
    expect(host.contributions('walletFeatures')).toEqual([])
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('plugin "receive" failed to load'))

    // The abandoned setup settles at last: what it set up is disposed, not leaked.
    settleFirst?.(() => {
      disposedLate += 1
    })
    await expect.poll(() => disposedLate).toBe(1)

    await host.ensureLoaded()
    expect(calls).toBe(2)
    expect(store.get().plugins.receive).toEqual({ status: 'ready' })
    expect(host.contributions('walletFeatures').map((item) => item.id)).toEqual(['receive'])
  })

  it('a setup() that never settles does not hold the other plugins back', async () => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS, receive: true, send: true },
      pluginLoadTimeoutMs: 50,
      plugins: {
        receive: { definition: definePlugin({ ...feature('receive'), setup: () => new Promise(() => {}) }) },
        send: { definition: feature('send') },
      },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.send).toEqual({ status: 'ready' })
    expect(store.get().plugins.receive?.status).toBe('failed')
  })
})
