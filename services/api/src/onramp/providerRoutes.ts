import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Hex } from 'viem'
import type { ApiContext } from '../context.ts'
import { type OnrampOrder, OnrampTxTakenError } from '../db/onrampRepository.ts'
import { ApiError } from '../http/errors.ts'
import { deliveryProblem } from './delivery.ts'
import { SIGNATURE_HEADER, verifyProviderCall } from './signature.ts'
import { type OnrampOrderView, orderView } from './view.ts'

const ORDER_ID = /^[A-Za-z0-9_-]{24}$/
const TX_HASH = /^0x[0-9a-fA-F]{64}$/
const NONCE = /^\d{1,15}$/
/** How many delivering orders one GET /provider/onramp/deliveries lists. */
const DELIVERIES_PAGE = 100

/**
 * What the provider page's server (services/onramp) calls, signed with onramp.secret (signature.ts),
 * each signed request taken once (a replay → 409):
 * GET /provider/onramp/orders/{id}; POST …/{id}/claim (pending → processing, once, while not expired: 410);
 * POST …/{id}/delivery/{nonce}/{txHash} (records a signed delivery before it is sent: from then on the
 * order never returns to pending, and a replacement must reuse the nonce);
 * POST …/{id}/release (processing → pending, only while no delivery is recorded);
 * POST …/{id}/complete/{txHash} (processing → completed, once the chain shows a recorded delivery);
 * GET /provider/onramp/deliveries (processing orders with a delivery, to reconcile).
 */
export function onrampProviderRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const now = () => Math.floor(Date.now() / 1000)
  const authorised = async (req: FastifyRequest) => {
    const secret = ctx.config.onramp.secret
    if (!secret) throw new ApiError(404, 'On-ramp provider calls are not configured on this API')
    const path = req.url.split('?')[0] ?? ''
    const call = verifyProviderCall(secret, req.headers[SIGNATURE_HEADER], req.method, path)
    if (!call) throw new ApiError(401, `Missing or invalid ${SIGNATURE_HEADER}`)
    if (!(await ctx.repo.useOnrampRequestId(call.requestId, call.expiresAt, now())))
      throw new ApiError(
        409,
        'This signed request was already used: a provider call is taken once (sign each call with a new id)',
      )
  }
  const order = async (id: string) => {
    if (!ORDER_ID.test(id)) throw new ApiError(404, 'No such on-ramp order')
    const found = await ctx.repo.getOnrampOrder(id)
    if (!found) throw new ApiError(404, 'No such on-ramp order')
    return found
  }
  const view = async (o: OnrampOrder): Promise<OnrampOrderView> =>
    orderView(o, o.deliveryNonce === null ? [] : await ctx.repo.onrampDeliveries(o.id))
  const reread = async (id: string) => view(await order(id))

  app.get<{ Params: { id: string } }>(
    '/provider/onramp/orders/:id',
    async (req): Promise<OnrampOrderView> => {
      await authorised(req)
      return view(await order(req.params.id))
    },
  )

  app.get('/provider/onramp/deliveries', async (req): Promise<{ orders: OnrampOrderView[] }> => {
    await authorised(req)
    const orders = await ctx.repo.deliveringOnrampOrders(DELIVERIES_PAGE)
    return { orders: await Promise.all(orders.map(view)) }
  })

  app.post<{ Params: { id: string } }>(
    '/provider/onramp/orders/:id/claim',
    async (req): Promise<OnrampOrderView> => {
      await authorised(req)
      const found = await order(req.params.id)
      if (found.status === 'pending' && now() - found.createdAt >= ctx.config.onramp.orderTtlSeconds)
        throw new ApiError(410, 'This order has expired: start a new purchase for a fresh price')
      if (!(await ctx.repo.transitionOnrampOrder(found.id, 'pending', 'processing', now())))
        throw new ApiError(
          409,
          found.status === 'completed' ? 'This order is already paid' : 'This order is being paid',
        )
      return view({ ...found, status: 'processing' })
    },
  )

  app.post<{ Params: { id: string; nonce: string; txHash: string } }>(
    '/provider/onramp/orders/:id/delivery/:nonce/:txHash',
    async (req): Promise<OnrampOrderView> => {
      await authorised(req)
      const found = await order(req.params.id)
      const { nonce, txHash } = req.params
      if (!NONCE.test(nonce)) throw new ApiError(400, 'nonce must be a decimal integer')
      if (!TX_HASH.test(txHash)) throw new ApiError(400, 'txHash must be 0x followed by 64 hex characters')
      const recorded = await ctx.repo
        .recordOnrampDelivery(found.id, txHash, Number(nonce), now())
        .catch((err) => {
          if (err instanceof OnrampTxTakenError) throw new ApiError(409, err.message)
          throw err
        })
      if (!recorded) {
        const current = await order(found.id)
        throw new ApiError(
          409,
          current.status !== 'processing'
            ? 'This order is not being paid'
            : `This order's delivery uses nonce ${current.deliveryNonce}: a replacement must reuse it`,
        )
      }
      return reread(found.id)
    },
  )

  app.post<{ Params: { id: string } }>(
    '/provider/onramp/orders/:id/release',
    async (req): Promise<OnrampOrderView> => {
      await authorised(req)
      const found = await order(req.params.id)
      if (!(await ctx.repo.transitionOnrampOrder(found.id, 'processing', 'pending', now()))) {
        const current = await order(found.id)
        throw new ApiError(
          409,
          current.status === 'processing' && current.deliveryNonce !== null
            ? 'This order cannot be released: its delivery was broadcast'
            : 'This order is not being paid',
        )
      }
      return view({ ...found, status: 'pending' })
    },
  )

  app.post<{ Params: { id: string; txHash: string } }>(
    '/provider/onramp/orders/:id/complete/:txHash',
    async (req): Promise<OnrampOrderView> => {
      await authorised(req)
      const found = await order(req.params.id)
      const hash = req.params.txHash
      if (!TX_HASH.test(hash)) throw new ApiError(400, 'txHash must be 0x followed by 64 hex characters')
      if (found.status !== 'processing') throw new ApiError(409, 'This order is not being paid')
      const txHash = hash.toLowerCase()
      if (found.deliveryNonce !== null) {
        const recorded = await ctx.repo.onrampDeliveries(found.id)
        if (!recorded.some((d) => d.txHash === txHash))
          throw new ApiError(409, 'This transaction is not a recorded delivery of this order')
      }
      const problem = await deliveryProblem(ctx.chains, found, hash as Hex)
      if (problem) throw new ApiError(422, `The delivery does not match the order: ${problem}`)
      const done = await ctx.repo
        .transitionOnrampOrder(found.id, 'processing', 'completed', now(), txHash)
        .catch(() => false)
      if (!done) throw new ApiError(409, 'This order or this transaction was already recorded')
      return reread(found.id)
    },
  )
}
