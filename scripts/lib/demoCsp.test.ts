import { describe, expect, it } from 'vitest'
import { cspNonce, demoContentSecurityPolicy, stampNonce } from './demoCsp.ts'

const env = {
  pluginBaseUrl: 'http://127.0.0.1:4174/plugins',
  relayUrl: 'ws://127.0.0.1:4190',
  apiUrl: 'http://127.0.0.1:4180',
  authFrameUrl: 'http://127.0.0.1:4200/frame',
  chains: [{ rpcUrl: 'http://127.0.0.1:8545' }, { rpcUrl: 'http://127.0.0.1:8546' }],
  solana: { rpcUrl: 'http://127.0.0.1:8899' },
}

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1)

describe('the demo test build’s Content-Security-Policy', () => {
  it('allows no inline script or style without the nonce, and no style attribute', () => {
    const policy = demoContentSecurityPolicy(env, '', 'abc')
    expect(directive(policy, 'script-src')).toBe("'nonce-abc' 'strict-dynamic'")
    expect(directive(policy, 'style-src')).toBe("'self' 'nonce-abc'")
    expect(directive(policy, 'style-src-attr')).toBe("'none'")
    expect(policy).not.toContain('unsafe')
  })

  it('names exactly the configured origins for requests, frames and images', () => {
    const policy = demoContentSecurityPolicy(env, '', 'n')
    expect(directive(policy, 'connect-src')).toBe(
      "'self' http://127.0.0.1:4174 http://127.0.0.1:4180 ws://127.0.0.1:4190 http://127.0.0.1:8545 http://127.0.0.1:8546 http://127.0.0.1:8899",
    )
    expect(directive(policy, 'frame-src')).toBe('http://127.0.0.1:4200')
    expect(directive(policy, 'img-src')).toBe("'self' data: http://127.0.0.1:4180")
  })

  it('follows the test build’s overrides to a spec’s own servers, and keeps no other query text', () => {
    const search = `?apiUrl=${encodeURIComponent('http://localhost:9001/x')}&plugin.receive=${encodeURIComponent('http://localhost:9002/r/remoteEntry.js')}&relayUrl=javascript:alert(1)&authFrameUrl=${encodeURIComponent("http://localhost:9003 'unsafe-inline'")}`
    const policy = demoContentSecurityPolicy(env, search, 'n')
    expect(directive(policy, 'connect-src')).toContain('http://localhost:9001')
    expect(directive(policy, 'connect-src')).toContain('http://localhost:9002')
    expect(directive(policy, 'connect-src')).not.toContain('http://127.0.0.1:4180')
    expect(directive(policy, 'connect-src')).not.toContain('javascript')
    expect(directive(policy, 'frame-src')).toBe("'none'")
    expect(policy).not.toContain('unsafe')
  })

  it('requires Trusted Types for scripts, through Portico’s policies only, and a query cannot widen the list', () => {
    const search = `?plugin.thirdParty=${encodeURIComponent('http://localhost:9002/t/remoteEntry.js')}&plugin.${encodeURIComponent("x 'allow-duplicates'")}=${encodeURIComponent('http://localhost:9002/x.js')}`
    const policy = demoContentSecurityPolicy(env, search, 'n')
    expect(directive(policy, 'require-trusted-types-for')).toBe("'script'")
    expect(directive(policy, 'trusted-types')).toBe(
      'portico portico_email portico_socials portico_swaps portico_send portico_receive portico_onramp portico_history portico_names portico_siwx portico_smartSessions portico_thirdParty portico-standalone',
    )
    expect(policy).not.toContain('allow-duplicates')
  })

  it('stamps the nonce on every script and style element, and each response gets a fresh one', () => {
    const html =
      '<head><style>a{}</style><script>x=1</script><script defer src="m.js"></script></head><p>script</p>'
    expect(stampNonce(html, 'N')).toBe(
      '<head><style nonce="N">a{}</style><script nonce="N">x=1</script><script nonce="N" defer src="m.js"></script></head><p>script</p>',
    )
    expect(cspNonce()).not.toBe(cspNonce())
    expect(cspNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })
})
