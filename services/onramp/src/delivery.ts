import type { OnrampOrderView } from '@portico/api'
import type { Hex } from 'viem'
import { ApiAnswerError, type OrdersApi } from './api.ts'
import { type RecordDelivery, type Treasury, TreasuryShortError } from './treasury.ts'

export const DELIVERY_MESSAGES = {
  delivering: 'Payment is being delivered',
  notTaken: 'Payment not taken',
  failed: 'The payment was taken but its delivery failed on chain',
} as const

/** Where a paid order's delivery stands. */
export type DeliveryState =
  | { state: 'completed'; order: OnrampOrderView }
  /** Broadcast (order.txHash), not mined yet: the order stays processing, nothing is sent again. */
  | { state: 'delivering'; order: OnrampOrderView }
  /** Left to an operator: reverted, its nonce went to another transaction, or dropped too often. */
  | { state: 'failed'; order: OnrampOrderView; reason: string }

/** Nothing was broadcast and the claim was released: the buyer may pay again. */
export class PaymentNotTakenError extends Error {}

/** Replacements of a dropped delivery before it is left to an operator. */
const MAX_DELIVERIES_PER_ORDER = 5

export interface DeliveryOptions {
  /** How long a payment waits for its delivery to be mined before answering "being delivered". */
  receiptTimeoutMs: number
  log: (line: string) => void
}

/**
 * Delivers claimed orders and reconciles broadcast ones. A delivery is recorded with the API (hash
 * and nonce) before it is sent, so an order whose transaction may land is never released; it is then
 * followed by hash: mined → completed; dropped → replaced at the same nonce (at most one can land).
 */
export function createDeliveries(api: OrdersApi, treasury: Treasury, opts: DeliveryOptions) {
  const inFlight = new Map<string, Promise<DeliveryState | null>>()

  const recorder =
    (id: string): RecordDelivery =>
    async (nonce, hash) => {
      try {
        await api.recordDelivery(id, nonce, hash)
        return true
      } catch (err) {
        // The answer may be lost after the API stored it: what the order holds decides.
        const order = await api.get(id)
        if (order?.deliveryTxHashes.includes(hash.toLowerCase())) return true
        throw err
      }
    }

  /** Completes with a mined delivery; a concurrent completion of the same order is fine. */
  const complete = async (id: string, hash: string): Promise<OnrampOrderView> => {
    try {
      return await api.complete(id, hash)
    } catch (err) {
      if (!(err instanceof ApiAnswerError) || err.status !== 409) throw err
      const order = await api.get(id)
      if (order?.status === 'completed') return order
      throw err
    }
  }

  const reconcileNow = async (order: OnrampOrderView): Promise<DeliveryState | null> => {
    if (order.status === 'completed') return { state: 'completed', order }
    const nonce = order.deliveryNonce
    if (order.status !== 'processing' || nonce === null) return null
    const hashes = order.deliveryTxHashes as Hex[]
    const seen = await treasury.inspect(order.chainId, nonce, hashes)
    switch (seen.kind) {
      case 'mined':
        if (seen.success) return { state: 'completed', order: await complete(order.id, seen.hash) }
        return { state: 'failed', order, reason: `transaction ${seen.hash} reverted` }
      case 'superseded': {
        // Read from a view that may predate a replacement recorded since: look again with the latest.
        const fresh = await api.get(order.id)
        if (fresh && (fresh.status === 'completed' || fresh.deliveryTxHashes.length !== hashes.length))
          return reconcileNow(fresh)
        return {
          state: 'failed',
          order,
          reason: `the treasury's nonce ${nonce} was used by another transaction`,
        }
      }
      case 'pending':
        return { state: 'delivering', order }
      case 'dropped': {
        if (hashes.length >= MAX_DELIVERIES_PER_ORDER)
          return { state: 'failed', order, reason: `the delivery was dropped ${hashes.length} times` }
        const sent = await treasury.replace(order, nonce, hashes, recorder(order.id))
        if (sent) {
          opts.log(
            `onramp: order ${order.id}: delivery dropped, replaced at nonce ${nonce} by ${sent.hash}${
              sent.broadcastError ? ` (broadcast failed: ${sent.broadcastError})` : ''
            }`,
          )
        }
        return { state: 'delivering', order: (await api.get(order.id)) ?? order }
      }
    }
  }

  /**
   * Where a processing order's delivery stands, read from the chain by hash (and acted on: completed,
   * or replaced at the same nonce when dropped). Null when the order has no delivery. One at a time
   * per order.
   */
  function reconcile(order: OnrampOrderView): Promise<DeliveryState | null> {
    if (order.status === 'completed') return Promise.resolve({ state: 'completed', order })
    if (order.status !== 'processing' || order.deliveryNonce === null) return Promise.resolve(null)
    const running = inFlight.get(order.id)
    if (running) return running
    const job = reconcileNow(order).finally(() => inFlight.delete(order.id))
    inFlight.set(order.id, job)
    return job
  }

  /**
   * Delivers a claimed order and waits up to receiptTimeoutMs for it. Throws PaymentNotTakenError
   * when nothing was broadcast (the claim is released).
   */
  async function deliver(claimed: OnrampOrderView): Promise<DeliveryState> {
    let sent: Awaited<ReturnType<Treasury['send']>>
    try {
      sent = await treasury.send(claimed, recorder(claimed.id))
    } catch (err) {
      const reason = err instanceof TreasuryShortError ? err.message : 'the tokens could not be sent'
      opts.log(`onramp: order ${claimed.id}: delivery not sent: ${String(err).split('\n')[0]}`)
      const released = await api.release(claimed.id).then(
        () => true,
        () => false,
      )
      if (!released) {
        // Refused: a delivery was recorded after all (and will be followed by hash).
        const order = await api.get(claimed.id).catch(() => null)
        const state = order && (await reconcile(order))
        if (state) return state
      }
      throw new PaymentNotTakenError(reason)
    }
    if (sent.broadcastError)
      opts.log(`onramp: order ${claimed.id}: broadcast of ${sent.hash} failed: ${sent.broadcastError}`)
    else await treasury.waitForReceipt(claimed.chainId, sent.hash, opts.receiptTimeoutMs)
    const order = await api.get(claimed.id)
    if (!order) throw new Error(`Order ${claimed.id} vanished`)
    return (await reconcile(order)) ?? { state: 'delivering', order }
  }

  /** Reconciles every processing order with a delivery (the periodic sweep). */
  async function sweep(): Promise<void> {
    for (const order of await api.deliveries())
      await reconcile(order).catch((err: unknown) =>
        opts.log(`onramp: reconciling order ${order.id} failed: ${String(err).split('\n')[0]}`),
      )
  }

  return { deliver, reconcile, sweep }
}

export type Deliveries = ReturnType<typeof createDeliveries>
