/**
 * The on-ramp page's metrics and readiness (@portico/ops): requests by route pattern (payments are
 * `POST /api/orders/:id/pay`); GET /ready checks the API and the chains' RPC.
 */
import {
  createServiceMetrics,
  type MetricsAccess,
  type NodeHttpObservability,
  rpcAnswers,
} from '@portico/ops'
import type { TreasuryChain } from './treasury.ts'

const EXACT = new Set(['/static/buy.js', '/static/buy.css', '/health', '/buy'])
const PAY = /^\/api\/orders\/[^/]+\/pay$/

export function onrampObservability(
  apiUrl: string,
  chains: TreasuryChain[],
  access: MetricsAccess,
  log: (line: string) => void,
): NodeHttpObservability {
  return {
    metrics: createServiceMetrics('onramp'),
    access,
    // The page answers /health itself.
    health: false,
    routeOf: (_method, path) => (EXACT.has(path) ? path : PAY.test(path) ? '/api/orders/:id/pay' : undefined),
    ready: {
      api: async () => {
        const res = await fetch(new URL('/health', apiUrl), { signal: AbortSignal.timeout(2000) })
        await res.body?.cancel()
        // The API answers 503 while a chain is down: reachable is what this page needs.
        if (res.status !== 200 && res.status !== 503) throw new Error(`the API answered ${res.status}`)
      },
      ...Object.fromEntries(chains.map((c) => [`chain eip155:${c.chainId}`, () => rpcAnswers(c.rpcUrl)])),
    },
    log,
  }
}
