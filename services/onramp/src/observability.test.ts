import { parsePrometheusText, samplesOf } from '@portico/ops'
import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { startOnramp } from './server.ts'

describe('on-ramp page observability', () => {
  it('/metrics counts requests by route pattern; /ready fails while the API and chain are down', async () => {
    const server = await startOnramp({
      port: 0,
      // Closed ports: neither answers.
      apiUrl: 'http://127.0.0.1:9',
      secret: 'x'.repeat(32),
      treasuryKey: generatePrivateKey(),
      chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      sweepIntervalMs: 0,
    })
    try {
      await fetch(`${server.url}/buy?order=bad`)
      for (const id of ['a', 'b']) await fetch(`${server.url}/api/orders/${id}/pay`, { method: 'POST' })
      const ready = await fetch(`${server.url}/ready`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({
        ok: false,
        checks: { api: 'failing', 'chain eip155:31337': 'failing' },
      })
      const samples = parsePrometheusText(await (await fetch(`${server.url}/metrics`)).text())
      const count = (route: string, status: string) =>
        samplesOf(samples, 'portico_http_requests_total', { service: 'onramp', route, status })[0]?.value
      expect(count('/buy', '404')).toBe(1)
      expect(count('/api/orders/:id/pay', '403')).toBe(2)
    } finally {
      await server.close()
    }
  })
})
