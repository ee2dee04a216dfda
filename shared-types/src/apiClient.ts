/** The blockchain API as plugins see it (ctx.services.api): calls wait for the supported-chains list. */
import type { FungiblePriceResponse, GasPriceResponse, HistoryResponse, IdentityResponse } from './api.ts'
import type { CaipNetworkId } from './caip.ts'
import type { TokenBalance } from './entities.ts'

export interface BlockchainApiClient {
  /** Token balances with prices; [] for an unsupported network; 30 s cache unless forceUpdate. */
  fetchBalances(
    address: string,
    caipNetworkId: CaipNetworkId,
    options?: { forceUpdate?: boolean },
  ): Promise<TokenBalance[]>
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
  /**
   * Resolves once the API's supported-chains list was read (or its read failed: the built-in list
   * applies and the read is retried on the next call). `isSupportedNetwork` is exact only after it.
   */
  whenReady(): Promise<void>
}

export interface PluginServices {
  /** Present when the app configured `apiUrl`. */
  api?: BlockchainApiClient
}
