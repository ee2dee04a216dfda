import type { IdentityResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { parse, parseAccount, sdkQuery, text, v } from '../http/validate.ts'

const Query = v.object({ ...sdkQuery, sender: v.optional(text(120)) })

/** GET /v1/identity/{address}?sender=: the address's latest registered name and its avatar. */
export function identityRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { address: string } }>(
    '/v1/identity/:address',
    async (req): Promise<IdentityResponse> => {
      const { address } = parseAccount(req.params.address)
      const q = parse(Query, req.query, 'query')
      if (q.sender !== undefined) parseAccount(q.sender)
      const record = await ctx.repo.latestName(address)
      return { name: record?.name ?? null, avatar: record?.avatar ?? null }
    },
  )
}
