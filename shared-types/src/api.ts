/**
 * Request and response shapes of the blockchain API host (behaviour §7), as served by `services/api`.
 * Callers add `st` (sdk type), `sv` (sdk version), `projectId` and, when set, `clientId` as query
 * parameters on every call.
 */
import type { CaipAddress, CaipNetworkId } from './caip.ts'
import type { TokenBalance, TransactionHistoryItem } from './entities.ts'

/** Every error answer: 400 bad input, 401 bad signature, 403 unknown projectId, 404, 429, 5xx. */
export interface ApiErrorBody {
  statusCode: number
  error: string
  message: string
}

/** GET /v1/supported-chains */
export interface SupportedChainsResponse {
  http: CaipNetworkId[]
  ws: CaipNetworkId[]
}

/** GET /v1/account/{address}/balance?currency=usd&chainId=&forceUpdate= */
export interface BalanceResponse {
  balances: TokenBalance[]
}

/** POST /v1/fungible/price */
export interface FungiblePriceRequest {
  currency: 'usd'
  /** CAIP-10 token addresses; the native token is `eip155:<id>:0xeeee…eeee`. */
  addresses: CaipAddress[]
  projectId: string
}

export interface FungiblePrice {
  name: string
  symbol: string
  iconUrl: string
  price: number
  address: CaipAddress
}

/** Unknown addresses are left out. */
export interface FungiblePriceResponse {
  fungibles: FungiblePrice[]
}

/** GET /v1/identity/{address}?sender= */
export interface IdentityResponse {
  name: string | null
  avatar: string | null
}

/** GET /v1/convert/gas-price?chainId= ; wei per gas as decimal strings. */
export interface GasPriceResponse {
  standard: string
  fast: string
  instant: string
}

export interface SessionPermission {
  permissionType: string
  data: string
  required: boolean
  onChainValidated: boolean
}

/** A smart-account session (permission context) held for an address. */
export interface SmartSession {
  pci: string
  /** The account (0x address) the session belongs to. */
  address: string
  projectId: string
  permission: SessionPermission
  /** Unix seconds. */
  createdAt: number
  expiry: number | null
  revokedAt: number | null
}

/** GET /v1/sessions/{address} */
export interface SessionsResponse {
  pcis: SmartSession[]
}

/**
 * POST /v1/sessions/{address}?projectId= ; signature is the account's personal_sign of the session
 * creation message (services/api sessionCreationMessage) over these fields and the projectId.
 */
export interface CreateSessionRequest {
  permission: SessionPermission
  /** Unix seconds, in the future. */
  expiry: number
  /** Unix seconds at which the message was signed (within 10 minutes of the service's clock). */
  issuedAt: number
  signature: `0x${string}`
}

export interface CreateSessionResponse {
  pci: string
}

/** POST /v1/sessions/{address}/revoke?projectId= ; signature is the account's personal_sign of `pci`. */
export interface RevokeSessionRequest {
  pci: string
  signature: `0x${string}`
}

export interface RevokeSessionResponse {
  pci: string
  revokedAt: number
}

/** GET /v1/account/{account}/history?cursor=&onramp=&chainId= */
export interface HistoryResponse {
  data: TransactionHistoryItem[]
  next: string | null
}

/** GET /health (no projectId needed) */
/**
 * GET /health: liveness (always 200 while the process answers) and how far the history index has
 * got. Whether the dependencies answer is GET /ready's (503 when one does not).
 */
export interface ApiHealthResponse {
  ok: true
  database: 'sqlite' | 'postgres'
  chains: {
    chainId: CaipNetworkId
    indexedBlock: number | null
    headBlock: number | null
    /** 'failing' while the chain's last index step failed (why: the service's log). */
    indexing: 'ok' | 'failing'
  }[]
}

/** GET /v1/convert/tokens?chainId= */
export interface SwapToken {
  name: string
  symbol: string
  address: CaipAddress
  decimals: number
  logoUri: string
  eip2612?: boolean
}

export interface SwapTokensResponse {
  tokens: SwapToken[]
}

/** GET /v1/convert/quotes?amount=&userAddress=&from=&to=&gasPrice= ; the UI reads quotes[0].toAmount. */
export interface SwapQuote {
  id?: string
  fromAmount?: string
  fromAccount?: string
  /** Integer string (smallest unit of the destination token). */
  toAmount: string
  toAccount?: string
}

export interface SwapQuotesResponse {
  quotes: SwapQuote[]
}

/** GET /v1/convert/allowance?tokenAddress=&userAddress=&sourceTokenAmount=&sourceTokenDecimals= */
export interface AllowanceResponse {
  allowance: string
}

/** POST /v1/convert/build-transaction ; `to`/`from` are 0x or CAIP-10 eip155 addresses. */
export interface SwapTransactionResponse {
  tx: {
    from?: string
    to: string
    data: string
    value: string
    eip155: { gas: string; gasPrice: string }
  }
}

/** GET /v1/convert/build-approve?userAddress=&from=&to= */
export interface ApproveTransactionResponse {
  tx: {
    from: string
    to: string
    data: string
    value: string
    eip155: { gasPrice: string }
  }
}

/** GET /v1/profile/account/{name}?apiVersion=2 ; also each item of GET /v1/profile/reverse/{address}. */
export interface NameProfile {
  name: string
  registered?: number
  updated?: number
  /** Keyed by coin type (60 = eip155). */
  addresses: Record<string, { address: string; created?: string }>
  attributes: Record<string, string>[]
}

/** GET /v1/profile/suggestions/{name}?zone= */
export interface NameSuggestionsResponse {
  suggestions: { name: string; registered: boolean }[]
}

/** POST /v1/profile/account */
export interface RegisterNameRequest {
  coin_type: number
  address: string
  /** JSON of `{ name, attributes, timestamp }` (timestamp in unix seconds), signed by the wallet. */
  message: string
  signature: string
}

export interface RegisterNameResponse {
  success: boolean
}

/** GET /v1/onramp/options */
export interface OnrampOptionsResponse {
  purchaseCurrencies: {
    id: string
    name: string
    symbol: string
    networks: { name: string; display_name: string; chain_id: string; contract_address: string }[]
  }[]
  paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
  /**
   * Portico's API: the configured providers, in the order their quotes are shown. Absent from the
   * kernel's built-in sample options and from APIs that do not say (the Buy view then offers behaviour §9's
   * two sandbox providers everywhere).
   */
  providers?: OnrampProviderInfo[]
}

/** One on-ramp provider as GET /v1/onramp/options names it. */
export interface OnrampProviderInfo {
  /** What quote and URL requests pass as `provider` (lower-case letters, digits and dashes). */
  id: string
  /** Shown in the Buy view. */
  name: string
  /** false: it gives no quote (POST /v1/onramp/quote answers 422); its own page shows the price. */
  quotes: boolean
  /** The CAIP-2 networks it delivers on (eip155:1 …), each also in some purchase currency's networks. */
  networks: string[]
}

export interface OnrampMoney {
  amount: string
  currency: string
}

/** POST /v1/onramp/quote?projectId= */
export interface OnrampQuoteRequest {
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
  network: string
  /** Portico's API: which provider quotes (an id from the options' providers) and by which method (card, ach_bank_account). */
  provider?: string
  paymentMethod?: string
}

export interface OnrampQuoteResponse {
  coinbaseFee: OnrampMoney
  networkFee: OnrampMoney
  paymentSubtotal: OnrampMoney
  paymentTotal: OnrampMoney
  purchaseAmount: OnrampMoney
  quoteId: string
}

/** POST /v1/generators/onrampurl?projectId= (the client adds defaultExperience: 'buy'). */
export interface OnrampUrlRequest {
  destinationWallets: { address: string; blockchains?: string[]; assets?: string[] }[]
  defaultNetwork?: string
  partnerUserId: string
  presetCryptoAmount?: number
  presetFiatAmount?: number
  /** Portico's API: the provider chosen (an id from the options' providers), the fiat currency and the payment method. */
  provider?: string
  paymentCurrency?: string
  paymentMethod?: string
}

export interface OnrampUrlResponse {
  /** An https URL (http only on loopback hosts), checked by the client. */
  url: string
}
