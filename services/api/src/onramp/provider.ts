import type { OnrampQuoteResponse } from '@portico/shared-types/api'
import type { OnrampAsset } from './assets.ts'
import type { PaymentCurrency, PaymentMethodId } from './catalogue.ts'

/** A purchase as the routes have checked it: a served asset, a known currency and method, an amount. */
export interface PurchaseRequest {
  asset: OnrampAsset
  currency: PaymentCurrency
  method: PaymentMethodId
  /** What the visitor pays, fees included, in cents. */
  totalCents: bigint
}

export interface PageRequest extends PurchaseRequest {
  /** The destination wallet, 0x followed by 40 hex characters. */
  address: string
  partnerUserId: string
  projectId: string
}

/**
 * One on-ramp provider behind /v1/onramp/*. The routes validate requests and pick the provider; the
 * provider says what it can deliver and prices or opens the purchase. A provider is in the catalogue
 * only when it is configured (providers.ts).
 */
export interface OnrampProvider {
  id: string
  name: string
  /** false when quote() always refuses (the provider's page prices): the Buy view then asks for none. */
  quotes: boolean
  currencies: readonly PaymentCurrency[]
  /** Whether it can deliver this asset on this chain: only these are offered and accepted. */
  serves(asset: OnrampAsset): boolean
  /** A price for the purchase; an ApiError when it cannot give one here. */
  quote(req: PurchaseRequest): Promise<OnrampQuoteResponse>
  /** The provider's page where the visitor pays (https, or http on loopback for the local sandbox). */
  pageUrl(req: PageRequest): Promise<string>
}
