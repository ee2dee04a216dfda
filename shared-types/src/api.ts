/**
 * Request and response shapes of the blockchain API host (SPEC §7), as served by `services/api`.
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

/** POST /v1/sessions/{address}?projectId= */
export interface CreateSessionRequest {
  permission: SessionPermission
  /** Unix seconds. */
  expiry?: number
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
export interface ApiHealthResponse {
  ok: boolean
  database: 'sqlite' | 'postgres'
  chains: {
    chainId: CaipNetworkId
    indexedBlock: number | null
    headBlock: number | null
    lastError: string | null
  }[]
}
