/** On-ramp orders (POST /v1/generators/onrampurl) and the purchases they become. */
export type OnrampOrderStatus = 'pending' | 'processing' | 'completed'

export interface OnrampOrder {
  /** Random, unguessable (the provider page's only handle on the order). */
  id: string
  projectId: string
  provider: string
  /** Lower-case 0x address the tokens go to. */
  address: string
  chainId: number
  /** eth | usdc */
  asset: string
  symbol: string
  /** Lower-case token contract; NATIVE_ADDRESS for the native token. */
  tokenAddress: string
  decimals: number
  fiatCurrency: string
  paymentMethod: string
  /** Decimal strings with 2 decimals. */
  fiatTotal: string
  fee: string
  networkFee: string
  /** Base units of the token. */
  cryptoAmount: string
  status: OnrampOrderStatus
  /** The completed order's delivery; while processing, the latest delivery broadcast (if any). */
  txHash: string | null
  /**
   * The treasury nonce of the order's delivery, set when its first transaction is recorded (before it
   * is sent). From then on the order is never pending again and every replacement reuses this nonce,
   * so at most one delivery can land.
   */
  deliveryNonce: number | null
  createdAt: number
  updatedAt: number
}

/** One transaction signed to deliver an order (recorded before it is broadcast). */
export interface OnrampDelivery {
  orderId: string
  /** Lower-case 0x hash. */
  txHash: string
  nonce: number
  createdAt: number
}

/** The transaction is already recorded for another order. */
export class OnrampTxTakenError extends Error {
  constructor(readonly txHash: string) {
    super(`Transaction ${txHash} is recorded for another order`)
  }
}

export interface OnrampStore {
  /** Stores a new order (no delivery yet). */
  createOnrampOrder(order: Omit<OnrampOrder, 'deliveryNonce'>): Promise<void>
  getOnrampOrder(id: string): Promise<OnrampOrder | null>
  /**
   * Moves an order from `from` to `to` in one conditional update (so two payments of one order
   * cannot both claim it); sets txHash when given. Resolves false when the order was not in `from`,
   * and for a move to pending once a delivery was recorded (a broadcast order never reopens).
   */
  transitionOnrampOrder(
    id: string,
    from: OnrampOrderStatus,
    to: OnrampOrderStatus,
    at: number,
    txHash?: string,
  ): Promise<boolean>
  /**
   * Records transaction `txHash` (nonce `nonce`) as a delivery of a processing order, and as its
   * current txHash, in one transaction. Resolves false, recording nothing, when the order is not
   * processing or already has a delivery with another nonce; throws OnrampTxTakenError when the hash
   * belongs to another order. Recording the same hash again is a no-op.
   */
  recordOnrampDelivery(id: string, txHash: string, nonce: number, at: number): Promise<boolean>
  /** The transactions recorded for an order, oldest first. */
  onrampDeliveries(id: string): Promise<OnrampDelivery[]>
  /** Processing orders with a recorded delivery (to reconcile), least recently updated first. */
  deliveringOnrampOrders(limit: number): Promise<OnrampOrder[]>
  /**
   * Marks a signed provider call's request id as used until `expiresAt` (unix seconds), first pruning
   * ids expired before `now`. Resolves false when the id was already used (a replay).
   */
  useOnrampRequestId(requestId: string, expiresAt: number, now: number): Promise<boolean>
  /** Completed purchases of an address from one provider, newest first (by completion, then id), after `before`. */
  onrampPurchases(
    address: string,
    provider: string,
    opts: { chainIds?: number[]; before?: { updatedAt: number; id: string }; limit: number },
  ): Promise<OnrampOrder[]>
}
