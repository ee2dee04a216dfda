/** How checkRemote's failures tell apart: a refusal stands for the page, anything else is asked again. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../errors/base.ts'
import { InvalidManifestError, PluginLoadError, RemoteRefusedError } from './errors.ts'
import { checkRemote } from './remote.ts'

const URL_OF_REMOTE = 'https://plugins.example/loyalty/'
const request = (allowed = ['https://plugins.example']) => ({
  id: 'loyalty',
  url: URL_OF_REMOTE,
  allowed: new Set(allowed),
})

const answering = (body: string, status = 200) => {
  const fetch = vi.fn(async () => new Response(body, { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('checkRemote failures', () => {
  it('an origin outside the allowed ones is refused (PLUGIN_REMOTE_REFUSED) before anything is fetched', async () => {
    const fetch = answering('{}')
    const failure = await failureOf(checkRemote(request(['https://elsewhere.example'])))
    expect(failure).toBeInstanceOf(RemoteRefusedError)
    expect(failure).toMatchObject({ code: 'PLUGIN_REMOTE_REFUSED' })
    expect((failure as Error).message).toContain('https://plugins.example is not an allowed plugin origin')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('a malformed manifest is refused in its own words, the manifest error kept as the cause', async () => {
    answering('not json')
    const failure = await failureOf(checkRemote(request()))
    expect(failure).toBeInstanceOf(RemoteRefusedError)
    expect(failure).toMatchObject({ message: 'invalid mf-manifest.json: not JSON' })
    expect((failure as RemoteRefusedError).cause).toBeInstanceOf(InvalidManifestError)
  })

  it('a server error is a PluginLoadError (PLUGIN_HTTP_STATUS), not a refusal: the next need asks again', async () => {
    answering('', 503)
    const failure = await failureOf(checkRemote(request()))
    expect(failure).toBeInstanceOf(PluginLoadError)
    expect(failure).not.toBeInstanceOf(RemoteRefusedError)
    expect(failure).toBeInstanceOf(PorticoError)
    expect(failure).toMatchObject({ code: 'PLUGIN_HTTP_STATUS', name: 'PluginLoadError' })
  })
})
