import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hostFor } from '../../test/pluginHost/testHost.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal } from '../createModal.ts'

const ENTRY_HASH = `sha384-${'E'.repeat(64)}`
/** An entry built without SubresourceIntegrityPlugin: it would load its chunk with no integrity. */
const UNPINNED_ENTRY = 'var portico_unpinned; /* loads plugin.0a1b2c3d.js */'
const UNPINNED_HASH = `sha384-${createHash('sha384').update(UNPINNED_ENTRY).digest('base64')}`
const CHUNK_HASH = `sha384-${'C'.repeat(64)}`
const VIEW_HASH = `sha384-${'V'.repeat(64)}`

/** Manifests by plugin directory; a real HTTP server that records every request. */
const manifests: Record<string, Record<string, unknown>> = {
  loyalty: { id: 'loyalty', api: '^1.0.0' },
  future: { id: 'future', api: '^2.0.0' },
  impostor: { id: 'send', api: '^1.0.0' },
  unpinned: { id: 'unpinned', api: '^1.0.0' },
  accountswaps: { id: 'swaps', api: '^1.0.0' },
  accountonramp: { id: 'onramp', api: '^1.0.0' },
  previewed: {
    id: 'previewed',
    api: '^1.0.0',
    loadOn: 'intent',
    preview: { method: 'email', field: { label: 'Email' }, buttons: [{ label: 'Continue', primary: true }] },
  },
  later: { id: 'later', api: '^1.0.0', loadOn: 'connect' },
  warm: {
    id: 'warm',
    api: '^1.0.0',
    loadOn: 'idle',
    preview: { method: 'social', buttons: [{ label: 'Continue with GitHub' }] },
  },
}
const requests: string[] = []
let server: http.Server
let base = ''

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '')
    if (req.url?.startsWith('/unpinned/remoteEntry.js')) {
      res.setHeader('Content-Type', 'text/javascript')
      res.end(UNPINNED_ENTRY)
      return
    }
    const dir = /^\/([a-z]+)\/mf-manifest\.json$/.exec(req.url ?? '')?.[1]
    if (dir === 'endless') {
      // No content-length, and more than any manifest: the kernel must stop reading.
      const piece = ' '.repeat(64 * 1024)
      const write = () => {
        while (!res.destroyed && res.write(piece)) {}
        if (!res.destroyed) res.once('drain', write)
      }
      write()
      return
    }
    const fields = dir ? manifests[dir] : undefined
    if (!fields) {
      res.statusCode = 404
      res.end('Not found')
      return
    }
    const entryHash = dir === 'unpinned' ? UNPINNED_HASH : ENTRY_HASH
    const integrity = {
      'remoteEntry.js': entryHash,
      'plugin.0a1b2c3d.js': CHUNK_HASH,
      'view.4e5f6a7b.js': VIEW_HASH,
    }
    // Module Federation's part: the exposed module's chunk loads at once, the view's later.
    const exposes = [
      { name: 'plugin', assets: { js: { sync: ['plugin.0a1b2c3d.js'], async: ['view.4e5f6a7b.js'] } } },
    ]
    res.setHeader('Content-Type', 'application/json')
    res.end(
      JSON.stringify({
        exposes,
        portico: { version: '1.0.0', entry: 'remoteEntry.js', integrity, ...fields },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const requestsFor = (dir: string) => requests.filter((url) => url.startsWith(`/${dir}/`))

describe('remote plugins are checked before their code runs', () => {
  it('refuses a remote whose manifest api range this kernel does not satisfy, fetching only the manifest, once', async () => {
    const { host, store, log } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { future: { url: `${base}/future/remoteEntry.js` } },
    })
    await host.ensureLoaded()
    await host.ensureLoaded()
    expect(store.get().plugins.future?.status).toBe('failed')
    expect(log.error).toHaveBeenCalledWith(
      expect.stringMatching(/plugin "future" from .* was refused: its manifest needs plugin API \^2\.0\.0/),
    )
    expect(requestsFor('future')).toEqual(['/future/mf-manifest.json'])
    expect(log.error).toHaveBeenCalledTimes(1)
  })

  it('a remote refused at a preload (pointer-enter) is not asked for again by the open that follows', async () => {
    const { host, store, log } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { future: { url: `${base}/future/remoteEntry.js` } },
    })
    const before = requestsFor('future').length
    await host.preload()
    await host.loadForOpen()
    await host.ensureLoaded()
    expect(store.get().plugins.future?.status).toBe('failed')
    expect(requestsFor('future').slice(before)).toEqual(['/future/mf-manifest.json'])
    expect(log.error).toHaveBeenCalledTimes(1)
  })

  it('stops reading a manifest that never ends and refuses it', async () => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { endless: { url: `${base}/endless/remoteEntry.js` } },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.endless).toEqual({
      status: 'failed',
      error: 'invalid mf-manifest.json: larger than 262144 bytes',
    })
  })

  it('refuses a remote whose entry would load its chunks without integrity, before running it', async () => {
    const { host, store, log } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { unpinned: { url: `${base}/unpinned/remoteEntry.js` } },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.unpinned?.error).toBe(
      'its entry loads plugin.0a1b2c3d.js without integrity (build the remote with SubresourceIntegrityPlugin)',
    )
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('plugin "unpinned"'))
    expect(document.querySelectorAll('script')).toHaveLength(0)
  })

  it('refuses a remote whose manifest names another plugin', async () => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { impostor: { url: `${base}/impostor/remoteEntry.js` } },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.impostor).toEqual({
      status: 'failed',
      error: 'its manifest declares plugin id "send"',
    })
    expect(requestsFor('impostor')).toEqual(['/impostor/mf-manifest.json'])
  })

  it('refuses a remote from an origin outside allowedPluginOrigins without requesting anything', async () => {
    const { host, store, log } = hostFor({
      features: { ...NO_PLUGINS },
      allowedPluginOrigins: ['https://plugins.example.com'],
      plugins: { loyalty: { url: `${base}/loyalty/remoteEntry.js` } },
    })
    const before = requestsFor('loyalty').length
    await host.ensureLoaded()
    expect(store.get().plugins.loyalty?.error).toBe(
      `${base} is not an allowed plugin origin (allowedPluginOrigins: https://plugins.example.com)`,
    )
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('plugin "loyalty"'))
    expect(requestsFor('loyalty').length).toBe(before)
  })

  it('refuses a remote whose manifest hash differs from the host integrity pin, before loading its entry', async () => {
    const pin = `sha384-${'P'.repeat(64)}`
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { loyalty: { url: `${base}/loyalty/remoteEntry.js`, integrity: pin } },
    })
    const before = requestsFor('loyalty').length
    await host.ensureLoaded()
    expect(store.get().plugins.loyalty?.error).toBe(
      `its entry hash ${ENTRY_HASH} differs from the host's integrity ${pin}`,
    )
    expect(requestsFor('loyalty').slice(before)).toEqual(['/loyalty/mf-manifest.json'])
  })

  it('preload() checks the manifest and reads the entry once (the read its load reuses), preloading no chunk and running nothing', async () => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { loyalty: { url: `${base}/loyalty/remoteEntry.js` } },
    })
    const before = requestsFor('loyalty').length
    await host.preload()
    await host.preload()
    await vi.waitFor(() =>
      expect(requestsFor('loyalty').slice(before)).toContain('/loyalty/remoteEntry.js?v=EEEEEEEEEEEEEEEE'),
    )
    expect(
      requestsFor('loyalty').filter((url) => url.startsWith('/loyalty/remoteEntry.js')),
      'one read of the entry, however often preloaded',
    ).toHaveLength(1)
    // A hover that is not followed by a click must leave nothing that the browser reports as preloaded
    // but not used.
    expect(
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter((link) =>
        link.href.startsWith(`${base}/loyalty/`),
      ),
    ).toEqual([])
    expect(document.querySelectorAll('script')).toHaveLength(0)
    expect(store.get().plugins.loyalty).toBeUndefined()
  })

  it('a load preloads the exposed module’s chunks with their hashes, never the lazy ones', async () => {
    const { host } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { loyalty: { url: `${base}/loyalty/remoteEntry.js` } },
    })
    // The entry is fake (no federation container): the load fails after the preload links are in.
    await host.ensureLoaded()
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter((link) =>
      link.href.startsWith(`${base}/loyalty/`),
    )
    expect(
      links.map((link) => [link.href.replace(base, ''), link.integrity, link.crossOrigin, link.as]),
    ).toEqual([['/loyalty/plugin.0a1b2c3d.js', CHUNK_HASH, 'anonymous', 'script']])
  })
})

describe('a disconnected open (loadForOpen)', () => {
  it('loads a remote without loadOn; a previewed one and an after-connect one are only read (manifest), their preview kept in the state', async () => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: {
        loyalty: { url: `${base}/loyalty/remoteEntry.js` },
        previewed: { url: `${base}/previewed/remoteEntry.js` },
        later: { url: `${base}/later/remoteEntry.js` },
      },
    })
    const before = { previewed: requestsFor('previewed').length, later: requestsFor('later').length }
    await host.loadForOpen()
    // The fake entry has no container: the load that was due failed, the others never started.
    expect(store.get().plugins.loyalty?.status).toBe('failed')
    expect(requestsFor('previewed').slice(before.previewed)).toEqual(['/previewed/mf-manifest.json'])
    expect(requestsFor('later').slice(before.later)).toEqual(['/later/mf-manifest.json'])
    expect(store.get().plugins.previewed).toEqual({
      status: 'idle',
      loadOn: 'intent',
      preview: {
        method: 'email',
        field: { label: 'Email' },
        buttons: [{ label: 'Continue', primary: true }],
      },
    })
    expect(store.get().plugins.later).toEqual({ status: 'idle', loadOn: 'connect' })
    // The visitor's intent (ensureLoaded) loads the previewed one; its preview stays beside the status.
    await host.ensureLoaded(['previewed'])
    expect(store.get().plugins.previewed?.status).toBe('failed')
    expect(store.get().plugins.previewed?.preview?.method).toBe('email')
    expect(requestsFor('previewed').slice(before.previewed)).toContain(
      '/previewed/remoteEntry.js?v=EEEEEEEEEEEEEEEE',
    )
  })

  it('a remote with loadOn idle is painted from its preview, then loads when the browser is idle', async () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    try {
      const { host, store } = hostFor({
        features: { ...NO_PLUGINS },
        plugins: { warm: { url: `${base}/warm/remoteEntry.js` } },
      })
      const before = requestsFor('warm').length
      await host.loadForOpen()
      expect(requestsFor('warm').slice(before)).toEqual(['/warm/mf-manifest.json'])
      expect(store.get().plugins.warm).toMatchObject({ status: 'idle', loadOn: 'idle' })
      expect(idle).toHaveLength(1)
      idle[0]?.()
      await vi.waitFor(() => expect(store.get().plugins.warm?.status).toBe('failed'))
      expect(requestsFor('warm').slice(before)).toContain('/warm/remoteEntry.js?v=EEEEEEEEEEEEEEEE')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('preload() reads only the manifest of a previewed remote: its entry waits for the visitor', async () => {
    const { host } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { previewed: { url: `${base}/previewed/remoteEntry.js` } },
    })
    const before = requestsFor('previewed').length
    await host.preload()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requestsFor('previewed').slice(before)).toEqual(['/previewed/mf-manifest.json'])
  })
})

describe('handle.preloadPlugins()', () => {
  it('is how an app asks for the remotes early (hover, idle): it checks their manifests', async () => {
    const modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: { ...NO_PLUGINS },
      plugins: { loyalty: { url: `${base}/loyalty/remoteEntry.js` } },
    })
    try {
      const before = requestsFor('loyalty').length
      expect(requestsFor('loyalty').length).toBe(before)
      await modal.preloadPlugins()
      await vi.waitFor(() =>
        expect(requestsFor('loyalty').slice(before)).toEqual([
          '/loyalty/mf-manifest.json',
          '/loyalty/remoteEntry.js?v=EEEEEEEEEEEEEEEE',
        ]),
      )
    } finally {
      modal.destroy()
    }
  })

  it('while disconnected never asks for an account feature’s remote (hover before the first connect)', async () => {
    const modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: { ...NO_PLUGINS, swaps: true, onramp: true },
      plugins: {
        loyalty: { url: `${base}/loyalty/remoteEntry.js` },
        swaps: { url: `${base}/accountswaps/remoteEntry.js` },
        onramp: { url: `${base}/accountonramp/remoteEntry.js` },
      },
    })
    try {
      const before = requestsFor('loyalty').length
      await modal.preloadPlugins()
      await vi.waitFor(() =>
        expect(requestsFor('loyalty').slice(before)).toContain('/loyalty/remoteEntry.js?v=EEEEEEEEEEEEEEEE'),
      )
      expect(requestsFor('accountswaps')).toEqual([])
      expect(requestsFor('accountonramp')).toEqual([])
    } finally {
      modal.destroy()
    }
  })
})

describe('features without a remote', () => {
  it('a remote that is not deployed (404) is one warning, not a request on every open', async () => {
    const { host, store, log } = hostFor({
      features: { ...NO_PLUGINS, swaps: true },
      pluginBaseUrl: `${base}/`,
    })
    await host.ensureLoaded()
    await host.ensureLoaded()
    await host.ensureLoaded()
    expect(requestsFor('swaps')).toEqual(['/swaps/mf-manifest.json'])
    expect(store.get().plugins.swaps?.status).toBe('failed')
    expect(log.warn).toHaveBeenCalledTimes(1)
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/feature "swaps" is on but its plugin is not available: .*HTTP 404/),
    )
    expect(log.error).not.toHaveBeenCalled()
  })

  it('a URL the host gave explicitly that is not deployed is an error, retried on the next open', async () => {
    const { host, log } = hostFor({
      features: { ...NO_PLUGINS },
      plugins: { gone: { url: `${base}/gone/remoteEntry.js` } },
    })
    await host.ensureLoaded()
    await host.ensureLoaded()
    expect(requestsFor('gone')).toEqual(['/gone/mf-manifest.json', '/gone/mf-manifest.json'])
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('plugin "gone" failed to load'))
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('features on with no pluginBaseUrl nor plugins.<id> are named in a single warning', async () => {
    const { host, log } = hostFor({ features: { ...NO_PLUGINS, swaps: true, names: true } })
    await host.ensureLoaded()
    await host.ensureLoaded()
    expect(log.warn.mock.calls).toEqual([
      [
        'Portico: features on without a plugin remote (set pluginBaseUrl or plugins.<id>, or turn them off): swaps, names.',
      ],
    ])
  })
})
