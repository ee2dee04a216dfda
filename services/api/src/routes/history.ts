import type { HistoryResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import { bip122Account } from '../bitcoin/account.ts'
import { bitcoinHistory } from '../bitcoin/routes.ts'
import { cachedHistoryBody } from '../cache/cachedReads.ts'
import { JSON_TYPE } from '../cache/jsonBody.ts'
import type { ApiContext } from '../context.ts'
import {
  currency,
  parse,
  parseAccount,
  parseCursor,
  parseNetwork,
  sdkQuery,
  text,
  v,
} from '../http/validate.ts'
import { onrampHistoryPage } from '../onramp/history.ts'

const Query = v.object({
  ...sdkQuery,
  currency,
  cursor: v.optional(text(200)),
  onramp: v.optional(
    v.pipe(text(32), v.regex(/^[a-z0-9_-]*$/i, 'onramp must be a provider name such as coinbase')),
  ),
  chainId: v.optional(text(80)),
})

/**
 * GET /v1/account/{account}/history?cursor=&onramp=&chainId=
 * Indexed transactions touching the account, newest first, `next` pages on. onramp=<provider> asks
 * for the account's completed purchases from that sandbox on-ramp provider instead (onramp/history.ts).
 */
export function historyRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { account: string } }>(
    '/v1/account/:account/history',
    async (req, reply): Promise<HistoryResponse | Buffer> => {
      const q = parse(Query, req.query, 'query')
      const bip122 = q.onramp ? undefined : bip122Account(req.params.account, q.chainId)
      if (bip122) return bitcoinHistory(ctx, bip122)
      const { address } = parseAccount(req.params.account)
      const cursor = q.cursor !== undefined && q.cursor !== '' ? q.cursor : undefined
      let chainIds: number[] | undefined
      if (q.chainId !== undefined) {
        const network = parseNetwork(q.chainId)
        chainIds = 'chainId' in network ? [network.chainId] : []
      }
      if (q.onramp)
        return onrampHistoryPage(ctx.repo, {
          account: address,
          provider: q.onramp,
          pageSize: ctx.config.historyPageSize,
          ...(chainIds && { chainIds }),
          ...(cursor && { cursor }),
        })
      const before = cursor ? parseCursor(cursor) : undefined
      const body = await cachedHistoryBody(ctx, {
        account: address,
        pageSize: ctx.config.historyPageSize,
        currency: q.currency,
        ...(chainIds && { chainIds }),
        ...(before && { before }),
      })
      // Kept pages are serialised already: sent as they are.
      void reply.type(JSON_TYPE)
      return body
    },
  )
}
