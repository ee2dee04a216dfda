import type { OnrampOrderView } from '@portico/api'
import { ApiAnswerError, type OrdersApi } from './api.ts'
import { CARD_MESSAGES, checkCard } from './card.ts'
import { DELIVERY_MESSAGES, type Deliveries, type DeliveryState, PaymentNotTakenError } from './delivery.ts'

interface Delivered {
  txHash: string
  amount: string
  symbol: string
  address: string
  chainId: number
}

export interface PayResult {
  status: number
  body:
    | ({ status: 'completed' } & Delivered)
    | ({ status: 'processing'; message: string } & Delivered)
    | { status: 'failed'; message: string; txHash: string | null }
    | { message: string; field?: string }
}

const MAX_ATTEMPTS_PER_ORDER = 10
const MAX_TRACKED_ORDERS = 10_000

/** The buyer's answer for a delivery: 200 completed, 202 being delivered, 502 failed on chain. */
export function deliveryAnswer(d: DeliveryState): PayResult {
  const o = d.order
  const delivered = {
    txHash: o.txHash ?? '',
    amount: o.cryptoDisplay,
    symbol: o.symbol,
    address: o.address,
    chainId: o.chainId,
  }
  if (d.state === 'completed') return { status: 200, body: { status: 'completed', ...delivered } }
  if (d.state === 'delivering')
    return {
      status: 202,
      body: {
        status: 'processing',
        message: `${DELIVERY_MESSAGES.delivering}: ${o.cryptoDisplay} ${o.symbol} to ${o.address} in transaction ${o.txHash}. Do not pay again: this page shows the result once the network confirms it.`,
        ...delivered,
      },
    }
  return {
    status: 502,
    body: {
      status: 'failed',
      message: `${DELIVERY_MESSAGES.failed} (${d.reason}). The order is held for review; no other delivery will be sent.`,
      txHash: o.txHash,
    },
  }
}

/**
 * Pays an order by card: the order must exist and be unpaid, the card must pass the processor checks
 * and be the approving test card; then the order is claimed (once), the treasury's delivery is
 * recorded with the API and sent (delivery.ts), and the API records it as completed once mined (it
 * checks the transaction on chain). A delivery not mined within the receipt timeout answers 202 "being
 * delivered" and the order stays processing. A delivery that was never sent releases the order;
 * nothing is "charged". Paying an order whose delivery was broadcast sends nothing new: it reconciles
 * that delivery by hash.
 */
export function createPayments(api: OrdersApi, deliveries: Deliveries) {
  const attempts = new Map<string, number>()
  return async function pay(id: string, card: unknown): Promise<PayResult> {
    const order = await api.get(id)
    if (!order) return { status: 404, body: { message: 'This order does not exist' } }
    if (order.status === 'completed') return { status: 409, body: { message: 'This order is already paid' } }
    if (order.status === 'processing' && order.deliveryNonce !== null) {
      const state = await deliveries.reconcile(order)
      if (state) return deliveryAnswer(state)
    }
    const tries = (attempts.get(id) ?? 0) + 1
    if (tries > MAX_ATTEMPTS_PER_ORDER)
      return { status: 429, body: { message: 'Too many payment attempts for this order' } }
    if (attempts.size >= MAX_TRACKED_ORDERS) attempts.clear()
    attempts.set(id, tries)
    const fields = cardFields(card)
    if (!fields) return { status: 400, body: { message: CARD_MESSAGES.number, field: 'number' } }
    const check = checkCard(fields)
    if (!check.ok) return { status: 400, body: { message: check.message, field: check.field } }
    if (check.outcome === 'declined')
      return { status: 402, body: { message: CARD_MESSAGES.declined, field: 'number' } }
    if (check.outcome === 'unknown')
      return { status: 402, body: { message: CARD_MESSAGES.notTestCard, field: 'number' } }

    let claimed: OnrampOrderView
    try {
      claimed = await api.claim(id)
    } catch (err) {
      // Already paid or being paid (409), expired (410): the API's message says which.
      if (err instanceof ApiAnswerError && (err.status === 409 || err.status === 410))
        return { status: err.status, body: { message: err.message } }
      throw err
    }
    let state: DeliveryState
    try {
      state = await deliveries.deliver(claimed)
    } catch (err) {
      if (!(err instanceof PaymentNotTakenError)) throw err
      return {
        status: 503,
        body: { message: `${DELIVERY_MESSAGES.notTaken}: ${err.message}. Try again later.` },
      }
    }
    if (state.state === 'completed') attempts.delete(id)
    return deliveryAnswer(state)
  }
}

function cardFields(body: unknown): { number: string; expiry: string; cvc: string } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const { number, expiry, cvc } = body as Record<string, unknown>
  const short = (x: unknown): x is string => typeof x === 'string' && x.length <= 32
  return short(number) && short(expiry) && short(cvc) ? { number, expiry, cvc } : null
}
