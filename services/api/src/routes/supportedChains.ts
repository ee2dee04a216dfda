import type { SupportedChainsResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'

/** GET /v1/supported-chains: our chains (HTTP and WebSocket RPC) plus the announced extra networks. */
export function supportedChainsRoute(app: FastifyInstance, ctx: ApiContext): void {
  const local = [...ctx.chains.values()].map((h) => h.caipId)
  const body = {
    http: [
      ...new Set([
        ...local,
        ...(ctx.config.bitcoin ? [ctx.config.bitcoin.networkId] : []),
        ...ctx.config.extraSupportedChains,
      ]),
    ],
    ws: local,
  } as SupportedChainsResponse
  app.get('/v1/supported-chains', async () => body)
}
