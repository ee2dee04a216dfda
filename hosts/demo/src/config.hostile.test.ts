// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { type DemoEnvironment, demoOptions } from './config.ts'
import { queryOverrides } from './queryOverrides.ts'

/**
 * Issue 8 item 18: the demo `npm start` serves must not take script, API, relay or directory URLs
 * from its query string. Only the test build (dist/demo-test) reads the query (queryOverrides).
 */
const ENV: DemoEnvironment = {
  projectId: 'portico-dev',
  chains: [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Portico Devnet A' },
    { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546', name: 'Portico Devnet B' },
  ],
  pluginBaseUrl: 'http://127.0.0.1:4174/plugins',
  apiUrl: 'http://127.0.0.1:4180',
  walletDirectoryUrl: 'http://127.0.0.1:4180',
  relayUrl: 'ws://127.0.0.1:4190',
}
const EVIL = 'https://evil.example'
const HOSTILE = new URLSearchParams({
  'plugin.receive': `${EVIL}/remoteEntry.js`,
  'plugin.evil': `${EVIL}/other/remoteEntry.js`,
  apiUrl: EVIL,
  relayUrl: 'wss://evil.example',
  walletDirectoryUrl: EVIL,
  features: 'receive:false',
  chains: '31338',
  wcTimeout: '1',
  theme: 'light',
}).toString()

afterEach(() => window.history.replaceState(null, '', '/'))

describe('demo options (default build)', () => {
  it('ignore every query override, even with the page opened on a hostile link', () => {
    window.history.replaceState(null, '', `/?${HOSTILE}`)
    const options = demoOptions(ENV)
    expect(options.plugins).toEqual({})
    expect(options.apiUrl).toBe(ENV.apiUrl)
    expect(options.relayUrl).toBe(ENV.relayUrl)
    expect(options.walletDirectoryUrl).toBe(ENV.walletDirectoryUrl)
    expect(options.features?.receive).toBe(true)
    expect(options.networks.map((network) => network.id)).toEqual([31337, 31338])
    expect(options.walletConnectTimeoutMs).toBeUndefined()
    expect(options.themeMode).toBe('dark')
    expect(JSON.stringify(options)).not.toContain('evil')
  })
})

describe('query overrides (test build only)', () => {
  it('reads what the e2e suite passes and the options apply it', () => {
    const overrides = queryOverrides(`?${HOSTILE}`)
    expect(overrides).toEqual({
      features: { receive: false },
      plugins: {
        receive: { url: `${EVIL}/remoteEntry.js` },
        evil: { url: `${EVIL}/other/remoteEntry.js` },
      },
      chains: [31338],
      apiUrl: EVIL,
      relayUrl: 'wss://evil.example',
      walletDirectoryUrl: EVIL,
      walletConnectTimeoutMs: 1,
      themeMode: 'light',
    })
    const options = demoOptions(ENV, overrides)
    expect(options.plugins?.receive).toEqual({ url: `${EVIL}/remoteEntry.js` })
    expect(options.apiUrl).toBe(EVIL)
    expect(options.networks.map((network) => network.id)).toEqual([31338])
    expect(queryOverrides('')).toEqual({})
  })
})
