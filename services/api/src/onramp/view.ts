import { getAddress } from 'viem'
import type { OnrampDelivery, OnrampOrder } from '../db/onrampRepository.ts'
import { NATIVE_ADDRESS } from '../tokens.ts'
import { formatBaseUnits, sandboxFeesById } from './catalogue.ts'

/** An order as the provider page reads it (GET /provider/onramp/orders/{id}). */
export interface OnrampOrderView {
  id: string
  provider: string
  providerName: string
  /** Checksummed destination address. */
  address: string
  chainId: number
  asset: string
  symbol: string
  /** null for the native token. */
  tokenAddress: string | null
  decimals: number
  fiatCurrency: string
  paymentMethod: string
  fiatTotal: string
  fee: string
  networkFee: string
  /** Base units. */
  cryptoAmount: string
  /** Decimal, as shown. */
  cryptoDisplay: string
  /**
   * pending: payable. processing: claimed by a payment; once `deliveryNonce` is set its delivery was
   * broadcast and it stays processing until the chain shows one of `deliveryTxHashes`. completed: paid.
   */
  status: OnrampOrder['status']
  /** completed: the delivery; processing: the latest delivery broadcast, if any. */
  txHash: string | null
  /** The treasury nonce every delivery of this order uses (null until one is recorded). */
  deliveryNonce: number | null
  /** Every transaction recorded for the order, oldest first (all share `deliveryNonce`). */
  deliveryTxHashes: string[]
}

export function orderView(o: OnrampOrder, deliveries: readonly OnrampDelivery[] = []): OnrampOrderView {
  return {
    id: o.id,
    provider: o.provider,
    providerName: sandboxFeesById(o.provider)?.name ?? o.provider,
    address: getAddress(o.address),
    chainId: o.chainId,
    asset: o.asset,
    symbol: o.symbol,
    tokenAddress: o.tokenAddress === NATIVE_ADDRESS ? null : getAddress(o.tokenAddress),
    decimals: o.decimals,
    fiatCurrency: o.fiatCurrency,
    paymentMethod: o.paymentMethod,
    fiatTotal: o.fiatTotal,
    fee: o.fee,
    networkFee: o.networkFee,
    cryptoAmount: o.cryptoAmount,
    cryptoDisplay: formatBaseUnits(BigInt(o.cryptoAmount), o.decimals),
    status: o.status,
    txHash: o.txHash,
    deliveryNonce: o.deliveryNonce,
    deliveryTxHashes: deliveries.map((d) => d.txHash),
  }
}
