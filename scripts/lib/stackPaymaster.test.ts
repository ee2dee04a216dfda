import type { Devnet } from '@portico/devnet'
import { describe, expect, it } from 'vitest'
import { stackPaymasters } from './stackPaymaster.ts'

const PAYMASTER = '0x3C36b4866F4391E6F41979a2624dEa0D9857DBB7'
const network = (chainId: number) => ({
  chainId,
  rpcUrl: `http://127.0.0.1:${chainId}`,
  bundlerUrl: 'http://127.0.0.1:4337',
  entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' as const,
  factory: '0x12E7A21A6438D0e8ab685d1112a819bC41bF062e' as const,
})
const devnet = (withPaymaster: number[]) =>
  ({
    fixtures: Object.fromEntries(
      withPaymaster.map((chainId) => [chainId, { paymaster: { address: PAYMASTER } }]),
    ),
  }) as unknown as Devnet

describe('the stack’s paymaster wiring', () => {
  it('names the API’s service for the dev project on each smart-account chain with a paymaster, to both the demo and the frame', () => {
    const wired = stackPaymasters(devnet([31337, 31338]), 'http://127.0.0.1:5180', [
      network(31337),
      network(31338),
    ])
    const url = 'http://127.0.0.1:5180/v1/paymaster?projectId=portico-dev'
    expect(wired.demo).toEqual({ paymasterServices: { 'eip155:31337': url, 'eip155:31338': url } })
    expect(wired.frame).toEqual([
      { projectId: 'portico-dev', chainId: 31337, url, paymaster: PAYMASTER },
      { projectId: 'portico-dev', chainId: 31338, url, paymaster: PAYMASTER },
    ])
  })

  it('leaves paymasterServices out where there is no smart account or no paymaster', () => {
    expect(stackPaymasters(devnet([31337]), 'http://127.0.0.1:5180', [])).toEqual({ demo: {}, frame: [] })
    expect(stackPaymasters(devnet([]), 'http://127.0.0.1:5180', [network(31337)])).toEqual({
      demo: {},
      frame: [],
    })
    expect(
      stackPaymasters(devnet([31338]), 'http://x', [network(31337), network(31338)]).frame.map(
        (p) => p.chainId,
      ),
    ).toEqual([31338])
  })
})
