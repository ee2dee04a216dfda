import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../options.ts'
import { localNetwork } from '../testing.ts'
import { allowedOrigins, assertAllowedOrigin, assertIntegrityPin } from './trust.ts'

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
