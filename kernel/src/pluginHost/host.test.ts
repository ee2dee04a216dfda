import type { Features } from '@portico/shared-types'
import { definePlugin, PLUGIN_API_VERSION } from '@portico/shared-types/plugin'
import { describe, expect, it } from 'vitest'
import { feature, hostFor } from '../../test/pluginHost/testHost.ts'
import { resolveOptions } from '../options.ts'
import { planPlugins } from './enabled.ts'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

const OFF: Partial<Features> = {
  email: false,
  socials: false,
  swaps: false,
  send: false,
  onramp: false,
  history: false,
  names: false,
}

describe('planPlugins', () => {
  it('gates every plugin by its feature flag and builds default remote URLs', () => {
    const app = {
      projectId: 'p',
      networks: [network] as [typeof network],
      pluginBaseUrl: 'http://cdn.test/p/',
    }
    const plans = planPlugins(resolveOptions({ ...app, features: { ...OFF, receive: true } }))
    expect(plans).toEqual([{ id: 'receive', source: { url: 'http://cdn.test/p/receive/remoteEntry.js' } }])
    expect(planPlugins(resolveOptions({ ...app, features: { ...OFF, receive: false } }))).toEqual([])
  })

  it('takes per-plugin overrides and third-party plugins the kernel never heard of', () => {
    const plans = planPlugins(
      resolveOptions({
        projectId: 'p',
        networks: [network],
        features: { ...OFF, receive: true },
        pluginBaseUrl: 'http://cdn.test',
        plugins: { receive: { url: 'http://other.test/r.js' }, loyalty: { url: 'http://x.test/l.js' } },
      }),
    )
    expect(plans).toEqual([
      { id: 'receive', source: { url: 'http://other.test/r.js' } },
      { id: 'loyalty', source: { url: 'http://x.test/l.js' } },
    ])
  })
})

describe('plugin host', () => {
  it('loads bundled plugins, registers their views and orders wallet features per behaviour §9', async () => {
    const { host, store, views } = hostFor({
      features: { ...OFF, receive: true, send: true, onramp: true },
      plugins: {
        send: { definition: feature('send') },
        receive: { definition: feature('receive') },
        onramp: { definition: feature('onramp') },
      },
    })
    await host.ensureLoaded()
    expect(store.get().plugins).toEqual({
      send: { status: 'ready' },
      receive: { status: 'ready' },
      onramp: { status: 'ready' },
    })
    expect(host.contributions('walletFeatures').map((item) => item.id)).toEqual(['onramp', 'receive', 'send'])
    expect(views.has('receiveView')).toBe(true)
  })

  it('isolates a plugin whose api range does not match: hidden, logged, the rest works', async () => {
    const { host, store, log } = hostFor({
      features: { ...OFF, receive: true, send: true },
      plugins: {
        receive: { definition: feature('receive') },
        send: { definition: { ...feature('send'), api: '^2.0.0' } },
      },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.send).toEqual({
      status: 'failed',
      error: `needs plugin API ^2.0.0, this kernel provides ${PLUGIN_API_VERSION}`,
    })
    expect(host.contributions('walletFeatures').map((item) => item.id)).toEqual(['receive'])
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('plugin "send" failed to load'))
  })

  it('removes the views of a plugin whose setup throws, and retries it on the next need', async () => {
    let attempts = 0
    const flaky = definePlugin({
      ...feature('receive'),
      setup() {
        attempts += 1
        if (attempts === 1) throw new Error('boom')
        return undefined
      },
    })
    const { host, store, views } = hostFor({
      features: { ...OFF, receive: true },
      plugins: { receive: { definition: flaky } },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.receive?.status).toBe('failed')
    expect(views.has('receiveView')).toBe(false)
    await host.ensureLoaded()
    expect(store.get().plugins.receive?.status).toBe('ready')
    expect(attempts).toBe(2)
  })

  it('treats a remote that never answers as failed after the load timeout', async () => {
    const { host, store } = hostFor({
      features: { ...OFF, receive: true },
      pluginLoadTimeoutMs: 200,
      plugins: { receive: { url: 'http://127.0.0.1:9/receive/remoteEntry.js' } },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.receive?.status).toBe('failed')
    expect(host.contributions('walletFeatures')).toEqual([])
  })

  it('rejects a remote that declares another id', async () => {
    const { host, store } = hostFor({
      features: { ...OFF, receive: true },
      plugins: { receive: { definition: feature('impostor') } },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.receive).toEqual({
      status: 'failed',
      error: 'it declares id "impostor", not "receive"',
    })
  })
})
