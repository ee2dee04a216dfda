/**
 * A remote's load does not chain its fetches: a usual api range is decided without the federation
 * runtime, and the runtime is asked for while the entry is still being read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RemoteRefusedError } from './errors.ts'
import type { PluginManifest } from './manifest.ts'
import { assertApiRange, loadCheckedRemote } from './remote.ts'

const federation = vi.hoisted(() => ({
  apiSatisfies: vi.fn(async () => true),
  prepareFederation: vi.fn(),
  evaluateRemote: vi.fn(async () => ({})),
}))
vi.mock('./federation.ts', () => federation)

afterEach(() => {
  vi.clearAllMocks()
  vi.unstubAllGlobals()
})

const CHUNK = 'https://plugins.example/loyalty/plugin.0a1b2c3d.js'
const CHUNK_HASH = `sha384-${'C'.repeat(64)}`

const manifest = (api: string): PluginManifest => ({
  id: 'loyalty',
  api,
  version: '1.0.0',
  entryUrl: 'https://plugins.example/loyalty/remoteEntry.js',
  entryIntegrity: `sha384-${'E'.repeat(64)}`,
  files: new Map([[CHUNK, CHUNK_HASH]]),
  loadFiles: [CHUNK],
})

describe('assertApiRange', () => {
  it('decides a usual range without the runtime, and refuses one this kernel does not provide', async () => {
    await expect(assertApiRange(manifest('^1.0.0'))).resolves.toBeUndefined()
    await expect(assertApiRange(manifest('^2.0.0'))).rejects.toBeInstanceOf(RemoteRefusedError)
    expect(federation.apiSatisfies).not.toHaveBeenCalled()
  })

  it('takes the runtime’s semver for any other range', async () => {
    await assertApiRange(manifest('1.x || >=3.0.0'))
    expect(federation.apiSatisfies).toHaveBeenCalledTimes(1)
  })
})

describe('loadCheckedRemote', () => {
  it('asks for the runtime before the entry has been read', async () => {
    let answer: ((response: Response) => void) | undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve
          }),
      ),
    )
    const loading = loadCheckedRemote('loyalty', manifest('^1.0.0')).catch(() => undefined)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(federation.prepareFederation).toHaveBeenCalledTimes(1)
    expect(federation.evaluateRemote).not.toHaveBeenCalled()
    answer?.(new Response(`var portico_loyalty; /* ${CHUNK_HASH} */`))
    await loading
    expect(federation.evaluateRemote).toHaveBeenCalledTimes(1)
  })
})
