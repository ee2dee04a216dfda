import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Hex } from 'viem'
import type { ApiContext } from '../context.ts'
import { ApiError } from '../http/errors.ts'
import { deliveryProblem } from './delivery.ts'
import { SIGNATURE_HEADER, verifyProviderCall } from './signature.ts'
import { type OnrampOrderView, orderView } from './view.ts'

const ORDER_ID = /^[A-Za-z0-9_-]{24}$/
const TX_HASH = /^0x[0-9a-fA-F]{64}$/

/**
 * What the provider page's server (services/onramp) calls, signed with onramp.secret (signature.ts):
 * GET /provider/onramp/orders/{id}; POST …/{id}/claim (pending → processing, once, while not expired: 410);
 * POST …/{id}/release (processing → pending, when delivery failed);
 * POST …/{id}/complete/{txHash} (processing → completed, once the chain shows the delivery).
 */
export function onrampProviderRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const authorised = (req: FastifyRequest) => {
    const secret = ctx.config.onramp.secret
    if (!secret) throw new ApiError(404, 'On-ramp provider calls are not configured on this API')
    const path = req.url.split('?')[0] ?? ''
    if (!verifyProviderCall(secret, req.headers[SIGNATURE_HEADER], req.method, path))
      throw new ApiError(401, `Missing or invalid ${SIGNATURE_HEADER}`)
  }
  const order = async (id: string) => {
    if (!ORDER_ID.test(id)) throw new ApiError(404, 'No such on-ramp order')
    const found = await ctx.repo.getOnrampOrder(id)
    if (!found) throw new ApiError(404, 'No such on-ramp order')
    return found
  }
  const now = () => Math.floor(Date.now() / 1000)

  app.get<{ Params: { id: string } }>(
    '/provider/onramp/orders/:id',
    async (req): Promise<OnrampOrderView> => {
      authorised(req)
      return orderView(await order(req.params.id))
    },
  )

  app.post<{ Params: { id: string } }>(
    '/provider/onramp/orders/:id/claim',
    async (req): Promise<OnrampOrderView> => {
      authorised(req)
      const found = await order(req.params.id)
      if (found.status === 'pending' && now() - found.createdAt >= ctx.config.onramp.orderTtlSeconds)
        throw new ApiError(410, 'This order has expired: start a new purchase for a fresh price')
      if (!(await ctx.repo.transitionOnrampOrder(found.id, 'pending', 'processing', now())))
        throw new ApiError(
          409,
          found.status === 'completed' ? 'This order is already paid' : 'This order is being paid',
        )
      return orderView({ ...found, status: 'processing' })
    },
  )

  app.post<{ Params: { id: string } }>(
    '/provider/onramp/orders/:id/release',
    async (req): Promise<OnrampOrderView> => {
      authorised(req)
      const found = await order(req.params.id)
      if (!(await ctx.repo.transitionOnrampOrder(found.id, 'processing', 'pending', now())))
        throw new ApiError(409, 'This order is not being paid')
      return orderView({ ...found, status: 'pending' })
    },
  )

  app.post<{ Params: { id: string; txHash: string } }>(
    '/provider/onramp/orders/:id/complete/:txHash',
    async (req): Promise<OnrampOrderView> => {
      authorised(req)
      const found = await order(req.params.id)
      const hash = req.params.txHash
      if (!TX_HASH.test(hash)) throw new ApiError(400, 'txHash must be 0x followed by 64 hex characters')
      if (found.status !== 'processing') throw new ApiError(409, 'This order is not being paid')
      const problem = await deliveryProblem(ctx.chains, found, hash as Hex)
      if (problem) throw new ApiError(422, `The delivery does not match the order: ${problem}`)
      const txHash = hash.toLowerCase()
      const done = await ctx.repo
        .transitionOnrampOrder(found.id, 'processing', 'completed', now(), txHash)
        .catch(() => false)
      if (!done) throw new ApiError(409, 'This order or this transaction was already recorded')
      return orderView({ ...found, status: 'completed', txHash })
    },
  )
}
