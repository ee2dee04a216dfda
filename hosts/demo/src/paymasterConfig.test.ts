// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { type DemoEnvironment, demoOptions } from './config.ts'
import { queryOverrides } from './queryOverrides.ts'

const URL_A = 'http://127.0.0.1:4180/v1/paymaster?projectId=portico-dev'
const ENV: DemoEnvironment = {
  projectId: 'portico-dev',
  chains: [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Portico Devnet A' },
    { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546', name: 'Portico Devnet B' },
  ],
  pluginBaseUrl: 'http://127.0.0.1:4174/plugins',
  paymasterServices: { 'eip155:31337': URL_A, 'eip155:31338': URL_A, 'eip155:1': URL_A },
}
const services = (options: object) => (options as { paymasterServices?: unknown }).paymasterServices

describe('the demo’s paymaster services (gas paid by the app)', () => {
  it('come from the stack’s environment when asked, for the networks the demo requests', () => {
    expect(services(demoOptions(ENV, { paymaster: true }))).toEqual({
      'eip155:31337': URL_A,
      'eip155:31338': URL_A,
    })
    expect(services(demoOptions(ENV, { paymaster: true, chains: [31338] }))).toEqual({
      'eip155:31338': URL_A,
    })
  })

  it('are absent when the stack has no paymaster, or the page did not ask for them', () => {
    const { paymasterServices: _none, ...withoutPaymaster } = ENV
    expect(demoOptions(withoutPaymaster, { paymaster: true })).not.toHaveProperty('paymasterServices')
    expect(demoOptions(ENV)).not.toHaveProperty('paymasterServices')
    expect(demoOptions(ENV, { paymaster: false })).not.toHaveProperty('paymasterServices')
    expect(queryOverrides('?paymaster=1')).toEqual({ paymaster: true })
    expect(queryOverrides('?paymaster=https://evil.example')).toEqual({})
  })
})
