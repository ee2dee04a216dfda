import type { OnrampOrderView } from '@portico/api'
import { ApiAnswerError, type OrdersApi } from './api.ts'
import { CARD_MESSAGES, checkCard } from './card.ts'
import { type Treasury, TreasuryShortError } from './treasury.ts'

export interface PayResult {
  status: number
  body:
    | {
        status: 'completed'
        txHash: string
        amount: string
        symbol: string
        address: string
        chainId: number
      }
    | { message: string; field?: string }
}

const MAX_ATTEMPTS_PER_ORDER = 10
const MAX_TRACKED_ORDERS = 10_000

/**
 * Pays an order by card: the order must exist and be unpaid, the card must pass the processor checks
 * and be the approving test card; then the order is claimed (once), the treasury delivers the tokens,
 * and the API records the delivery (it checks the transaction on chain). A failed delivery releases
 * the order; nothing is "charged".
 */
export function createPayments(api: OrdersApi, treasury: Treasury) {
  const attempts = new Map<string, number>()
  return async function pay(id: string, card: unknown): Promise<PayResult> {
    const order = await api.get(id)
    if (!order) return { status: 404, body: { message: 'This order does not exist' } }
    if (order.status === 'completed') return { status: 409, body: { message: 'This order is already paid' } }
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
    let txHash: string
    try {
      txHash = await treasury.deliver(claimed)
    } catch (err) {
      await api.release(id).catch(() => {})
      const reason = err instanceof TreasuryShortError ? err.message : 'the tokens could not be sent'
      return { status: 503, body: { message: `Payment not taken: ${reason}. Try again later.` } }
    }
    const done = await api.complete(id, txHash)
    attempts.delete(id)
    return {
      status: 200,
      body: {
        status: 'completed',
        txHash,
        amount: done.cryptoDisplay,
        symbol: done.symbol,
        address: done.address,
        chainId: done.chainId,
      },
    }
  }
}

function cardFields(body: unknown): { number: string; expiry: string; cvc: string } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const { number, expiry, cvc } = body as Record<string, unknown>
  const short = (x: unknown): x is string => typeof x === 'string' && x.length <= 32
  return short(number) && short(expiry) && short(cvc) ? { number, expiry, cvc } : null
}
