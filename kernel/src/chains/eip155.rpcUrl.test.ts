// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchNativeBalance } from './eip155.ts'

afterEach(() => vi.unstubAllGlobals())

// behaviour reference, deliberate differences: no hosted RPC provider, so no projectId is appended.
describe('a network’s RPC URL', () => {
  it('is asked exactly as the app gave it: no projectId appended', async () => {
    const urls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        urls.push(String(input instanceof Request ? input.url : input))
        const { id } = JSON.parse(String(init?.body)) as { id: number }
        return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: '0xde0b6b3a7640000' }), {
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    const rpc = 'https://rpc.example.test/v1/?chainId=eip155:31337'
    const balance = await fetchNativeBalance(
      {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        name: 'Local',
        chainNamespace: 'eip155',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpc] } },
      },
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    expect(balance).toBe('1')
    expect(urls).toEqual([rpc])
  })
})
