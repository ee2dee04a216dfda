/**
 * Bundled mode is for apps that want no runtime remotes: a bundled plugin with a usual api range starts
 * without the federation runtime ever being imported. An unusual range still gets the runtime's semver.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { feature, hostFor } from '../../test/pluginHost/testHost.ts'
import { NO_PLUGINS } from '../../test/testing.ts'

const imported = vi.hoisted(() => ({ federation: 0 }))

vi.mock('./federation.ts', async (importActual) => {
  imported.federation += 1
  return importActual()
})

afterEach(() => {
  imported.federation = 0
})

describe('a bundled plugin', () => {
  it('with a usual api range starts without importing the federation runtime', async () => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS, receive: true },
      plugins: { receive: feature('receive') },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.receive).toEqual({ status: 'ready' })
    expect(imported.federation).toBe(0)
  })

  it("with any other range is decided by the runtime's semver", async () => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS, receive: true, send: true },
      plugins: {
        receive: { ...feature('receive'), api: '>=1.0.0 <2.0.0' },
        send: { ...feature('send'), api: '1.x || >=3.0.0-beta.1 <3.0.0' },
      },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.receive).toEqual({ status: 'ready' })
    expect(store.get().plugins.send).toEqual({ status: 'ready' })
    expect(imported.federation).toBe(1)
  })
})
