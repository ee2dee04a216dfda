/** The blockchain API as plugins see it (ctx.services.api): calls wait for the supported-chains list. */
import type {
  AllowanceResponse,
  ApproveTransactionResponse,
  FungiblePriceResponse,
  GasPriceResponse,
  HistoryResponse,
  IdentityResponse,
  NameProfile,
  NameSuggestionsResponse,
  OnrampOptionsResponse,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
  OnrampUrlRequest,
  OnrampUrlResponse,
  RegisterNameResponse,
  RevokeSessionResponse,
  SessionsResponse,
  SwapQuotesResponse,
  SwapTokensResponse,
  SwapTransactionResponse,
} from './api.ts'
import type { CaipNetworkId } from './caip.ts'
import type { TokenBalance } from './entities.ts'

export interface BlockchainApiClient {
  /** Token balances with prices; [] for an unsupported network; 30 s cache unless forceUpdate. */
  fetchBalances(
    address: string,
    caipNetworkId: CaipNetworkId,
    options?: { forceUpdate?: boolean },
  ): Promise<TokenBalance[]>
  /** The last balance answer for the account on the network with its age (ms), while cached; no call. */
  cachedBalances(
    address: string,
    caipNetworkId: CaipNetworkId,
  ): { balances: TokenBalance[]; ageMs: number } | undefined
  fetchIdentity(address: string, options?: { sender?: string }): Promise<IdentityResponse>
  fetchHistory(params: {
    account: string
    cursor?: string
    chainId?: CaipNetworkId
    onramp?: string
    signal?: AbortSignal
  }): Promise<HistoryResponse>
  /** Throws 'Network not supported for Gas Price' for an unsupported network. */
  fetchGasPrice(caipNetworkId: CaipNetworkId): Promise<GasPriceResponse>
  fetchPrices(caipAddresses: string[]): Promise<FungiblePriceResponse>
  isSupportedNetwork(caipNetworkId: string): boolean

  /** Swap tokens of a network. Every convert call throws 'Network not supported for Swaps' off the list. */
  convertTokens(caipNetworkId: CaipNetworkId): Promise<SwapTokensResponse>
  convertQuotes(params: SwapQuoteParams): Promise<SwapQuotesResponse>
  convertAllowance(params: AllowanceParams): Promise<AllowanceResponse>
  /** POSTs `{ amount, eip155: { slippage }, projectId, from, to, userAddress }`. */
  convertBuildTransaction(params: BuildTransactionParams): Promise<SwapTransactionResponse>
  convertBuildApprove(params: BuildApproveParams): Promise<ApproveTransactionResponse>

  /**
   * The profile of a name (apiVersion=2); undefined when the name is not registered (404) or the active
   * network is off the list. Other failures throw 'Error resolving name' (the cause attached).
   */
  profileLookup(name: string): Promise<NameProfile | undefined>
  /** Names of an address (cached 5 min); throws 'Error fetching names for address'. */
  profileReverse(address: string, options?: { sender?: string }): Promise<NameProfile[]>
  /** Suggestions in the fixed zone; throws 'Error fetching name suggestions'. */
  profileSuggestions(name: string): Promise<NameSuggestionsResponse>
  /**
   * Registers the name in `message` (JSON of name, attributes, timestamp in seconds) signed by the
   * wallet. Throws the API's first reason description, else 'Error registering name {name}'.
   */
  profileRegister(params: RegisterNameParams): Promise<RegisterNameResponse>

  /** Falls back to the built-in sample list (USD and EUR, behaviour §9 limits) on failure: `fallback: true`. */
  onrampOptions(): Promise<OnrampOptionsResponse & { fallback?: true }>
  /** A failed quote returns a placeholder quote (`placeholder: true`, no fees, the amount as asked). */
  onrampQuote(params: OnrampQuoteRequest): Promise<OnrampQuoteResponse & { placeholder?: true }>
  /** The provider URL for `defaultExperience: 'buy'`; only https (http on loopback) is accepted. */
  onrampUrl(params: OnrampUrlRequest): Promise<OnrampUrlResponse>

  /** Smart-account sessions of an address; empty when the active network is off the list. */
  getSessions(address: string): Promise<SessionsResponse>
  /** `signature` is the account's personal_sign of `pci`. */
  revokeSession(address: string, params: { pci: string; signature: string }): Promise<RevokeSessionResponse>

  /**
   * Resolves once the API's supported-chains list was read (or its read failed: the built-in list
   * applies and the read is retried on the next call). `isSupportedNetwork` is exact only after it.
   */
  whenReady(): Promise<void>
}

export interface SwapQuoteParams {
  /** Integer string in the source token's smallest unit. */
  amount: string
  /** CAIP-10 addresses; the network of userAddress is the one gated. */
  userAddress: string
  from: string
  to: string
  gasPrice: string
}

export interface AllowanceParams {
  tokenAddress: string
  userAddress: string
  sourceTokenAmount?: string
  sourceTokenDecimals?: number
}

export interface BuildTransactionParams {
  amount: string
  slippage: number
  from: string
  to: string
  userAddress: string
  /**
   * The swap runs right after its approval in one atomic batch (EIP-5792): the API gives the swap's
   * gas as following the approval, the allowance not being on chain yet.
   */
  afterApproval?: boolean
}

export interface BuildApproveParams {
  userAddress: string
  from: string
  to: string
}

export interface RegisterNameParams {
  coinType: number
  address: string
  /** JSON of name, attributes and a timestamp in seconds, signed by the wallet. */
  message: string
  signature: string
}

export interface PluginServices {
  /** Present when the app configured `apiUrl`. */
  api?: BlockchainApiClient
}
