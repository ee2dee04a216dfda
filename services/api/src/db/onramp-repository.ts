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
  txHash: string | null
  createdAt: number
  updatedAt: number
}

export interface OnrampStore {
  createOnrampOrder(order: OnrampOrder): Promise<void>
  getOnrampOrder(id: string): Promise<OnrampOrder | null>
  /**
   * Moves an order from `from` to `to` in one conditional update (so two payments of one order
   * cannot both claim it); sets txHash when given. Resolves false when the order was not in `from`.
   */
  transitionOnrampOrder(
    id: string,
    from: OnrampOrderStatus,
    to: OnrampOrderStatus,
    at: number,
    txHash?: string,
  ): Promise<boolean>
  /** Completed purchases of an address from one provider, newest first (by completion, then id), after `before`. */
  onrampPurchases(
    address: string,
    provider: string,
    opts: { chainIds?: number[]; before?: { updatedAt: number; id: string }; limit: number },
  ): Promise<OnrampOrder[]>
}
