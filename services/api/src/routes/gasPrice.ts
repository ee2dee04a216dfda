import type { GasPriceResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import { readGasTiers } from '../chain/gas.ts'
import type { ApiContext } from '../context.ts'
import { badRequest, upstreamFailure } from '../http/errors.ts'
import { parse, parseNetwork, sdkQuery, v } from '../http/validate.ts'

const Query = v.object({
  ...sdkQuery,
  chainId: v.pipe(
    v.string('chainId must be one CAIP-2 network id such as eip155:31337'),
    v.maxLength(80, 'chainId is too long'),
  ),
})

/** GET /v1/convert/gas-price?chainId=: wei per gas for standard, fast and instant. */
export function gasPriceRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/v1/convert/gas-price', async (req): Promise<GasPriceResponse> => {
    const q = parse(Query, req.query, 'query')
    const network = parseNetwork(q.chainId)
    const handle = 'chainId' in network ? ctx.chains.get(network.chainId) : undefined
    if (!handle)
      throw badRequest(
        `Network not supported for Gas Price: ${q.chainId} (served: ${[...ctx.chains.values()].map((h) => h.caipId).join(', ')})`,
      )
    try {
      const tiers = await readGasTiers(handle.client)
      return {
        standard: tiers.standard.toString(),
        fast: tiers.fast.toString(),
        instant: tiers.instant.toString(),
      }
    } catch (err) {
      throw upstreamFailure(`Cannot read fee data: chain ${handle.caipId} is unreachable`, err)
    }
  })
}
