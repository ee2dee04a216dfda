import { describe, expect, it } from 'vitest'
import { localNetwork } from '../../test/testing.ts'
import { resolveOptions } from '../options.ts'
import { planPlugins } from './enabled.ts'
import { allowedOrigins, assertAllowedOrigin, assertIntegrityPin, resolveAgainstPage } from './trust.ts'

const options = (extra: Record<string, unknown>) =>
  resolveOptions({ projectId: 'p', networks: [localNetwork()], ...extra })

describe('allowed plugin origins', () => {
  it('default to the origins the host configured: pluginBaseUrl and the URLs in plugins', () => {
    const allowed = allowedOrigins(
      options({
        pluginBaseUrl: 'https://cdn.test/plugins',
        plugins: { loyalty: { url: 'https://partner.test:8443/l/remoteEntry.js' }, x: { url: 'not a url' } },
      }),
    )
    expect([...allowed]).toEqual(['https://cdn.test', 'https://partner.test:8443'])
  })

  it('are exactly allowedPluginOrigins when set', () => {
    const allowed = allowedOrigins(
      options({ pluginBaseUrl: 'https://cdn.test/plugins', allowedPluginOrigins: ['https://partner.test/'] }),
    )
    expect([...allowed]).toEqual(['https://partner.test'])
    expect(() => assertAllowedOrigin('https://cdn.test/plugins/send/remoteEntry.js', allowed)).toThrow(
      'https://cdn.test is not an allowed plugin origin (allowedPluginOrigins: https://partner.test)',
    )
    expect(() => assertAllowedOrigin('https://partner.test/a/remoteEntry.js', allowed)).not.toThrow()
  })

  it('never admit a non-http(s) URL, even one the host listed', () => {
    const allowed = new Set(['null'])
    expect(() => assertAllowedOrigin('javascript:alert(1)//x.js', allowed)).toThrow(
      'javascript: URLs cannot be plugin remotes',
    )
    expect(() => assertAllowedOrigin('data:text/javascript,1', allowed)).toThrow('data: URLs cannot')
    expect(() => assertAllowedOrigin('/relative/remoteEntry.js', allowed)).toThrow('is not a URL')
  })

  it('take an integrity pin only as an SRI hash', () => {
    expect(() => assertIntegrityPin(`sha384-${'a'.repeat(64)}`)).not.toThrow()
    expect(() => assertIntegrityPin(undefined)).not.toThrow()
    expect(() => assertIntegrityPin('sha1-abc')).toThrow('is not an SRI hash')
  })
})

describe('a remote URL given as a path', () => {
  const page = new URL(document.baseURI).origin

  it("is the page's own origin: pluginBaseUrl '/plugins' is allowed and planned there", () => {
    const configured = options({ pluginBaseUrl: '/plugins', features: { send: true } })
    expect([...allowedOrigins(configured)]).toEqual([page])
    expect(planPlugins(configured).find((plan) => plan.id === 'send')?.source).toEqual({
      url: `${page}/plugins/send/remoteEntry.js`,
    })
    expect(resolveAgainstPage('/p/x/remoteEntry.js')).toBe(`${page}/p/x/remoteEntry.js`)
  })

  it('never becomes another host the URL parser reads out of it', () => {
    for (const url of ['//evil.test/p/remoteEntry.js', '/\\evil.test/p/remoteEntry.js', '/\t/evil.test/p']) {
      expect(resolveAgainstPage(url)).toBe(url)
      expect([...allowedOrigins(options({ pluginBaseUrl: url }))]).toEqual([])
    }
  })
})
