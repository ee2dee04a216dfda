import type { BalanceResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import { bip122Account } from '../bitcoin/account.ts'
import { bitcoinBalance } from '../bitcoin/routes.ts'
import { cachedChainBalances } from '../cache/cachedReads.ts'
import { balancesBody, JSON_TYPE } from '../cache/jsonBody.ts'
import type { ApiContext } from '../context.ts'
import { ApiError } from '../http/errors.ts'
import {
  currency,
  parse,
  parseAccount,
  parseNetwork,
  parseTokenAddress,
  sdkQuery,
  text,
  v,
} from '../http/validate.ts'

const Query = v.object({
  ...sdkQuery,
  currency,
  chainId: v.optional(text(80)),
  forceUpdate: v.optional(text(4000)),
})

const MAX_FORCED = 50

/**
 * GET /v1/account/{address}/balance?currency=usd&chainId=&forceUpdate=
 * Live balances of every configured chain (or only chainId). forceUpdate: comma-separated CAIP-10
 * token addresses reported even when unlisted or zero.
 */
export function balanceRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { address: string } }>(
    '/v1/account/:address/balance',
    async (req, reply): Promise<BalanceResponse | Buffer> => {
      const q = parse(Query, req.query, 'query')
      const bip122 = bip122Account(req.params.address, q.chainId)
      if (bip122) return bitcoinBalance(ctx, bip122)
      const { address } = parseAccount(req.params.address)
      let chainIds = [...ctx.chains.keys()]
      if (q.chainId !== undefined) {
        const network = parseNetwork(q.chainId)
        chainIds = 'chainId' in network && ctx.chains.has(network.chainId) ? [network.chainId] : []
      }
      const forceList = (q.forceUpdate ?? '').split(',').filter((s) => s.length > 0)
      if (forceList.length > MAX_FORCED)
        throw new ApiError(400, `forceUpdate: at most ${MAX_FORCED} token addresses per call`)
      const force = forceList.map(parseTokenAddress)
      const results = await Promise.allSettled(
        chainIds.map((id) => {
          const handle = ctx.chains.get(id)
          if (!handle) return Promise.resolve(Buffer.alloc(0))
          const forced: Address[] = force.filter((f) => f.chainId === id).map((f) => f.address)
          return cachedChainBalances(ctx, handle, { address, currency: q.currency, force: forced })
        }),
      )
      const parts: Buffer[] = []
      const failed: string[] = []
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') parts.push(r.value)
        else {
          failed.push(`eip155:${chainIds[i]}`)
          req.log.warn({ chainId: chainIds[i], err: String(r.reason).split('\n')[0] }, 'balance read failed')
        }
      })
      if (failed.length > 0 && failed.length === chainIds.length)
        throw new ApiError(502, `Cannot read balances: chain ${failed.join(', ')} is unreachable`)
      // Kept answers are serialised already: sent as they are.
      void reply.type(JSON_TYPE)
      return balancesBody(parts)
    },
  )
}
