import {
  type AllowanceParams,
  type BuildApproveParams,
  type BuildTransactionParams,
  type CaipNetworkId,
  type Logger,
  MESSAGES,
  type OnrampQuoteRequest,
  type OnrampUrlRequest,
  type RegisterNameParams,
  type SwapQuoteParams,
  type TokenBalance,
} from '@portico/shared-types'
import type * as v from 'valibot'
import { createServiceCaches } from './cache.ts'
import { createHttpClient, type HttpClientOptions, type Query } from './http.ts'
import {
  AllowanceSchema,
  balancesSchema,
  GasPriceSchema,
  type HistoryPage,
  HistorySchema,
  type Identity,
  IdentitySchema,
  type NameProfile,
  NameProfileSchema,
  type NameSuggestions,
  NameSuggestionsSchema,
  type OnrampOptions,
  OnrampOptionsSchema,
  OnrampQuoteSchema,
  PricesSchema,
  RegisterNameSchema,
  ReverseNamesSchema,
  SupportedChainsSchema,
  SwapQuotesSchema,
  type TokenPrices,
} from './schemas.ts'
import { ApproveTransactionSchema, SwapTokensSchema, SwapTransactionSchema } from './schemas-convert.ts'
import { OnrampUrlSchema } from './schemas-onramp.ts'
import { RevokeSessionSchema, SessionsSchema } from './schemas-sessions.ts'
import type { StorageLike } from './ttlCache.ts'

export interface BlockchainApiOptions
  extends Pick<HttpClientOptions, 'timeoutMs' | 'retries' | 'baseDelayMs' | 'fetch'> {
  baseUrl: string
  projectId: string
  clientId?: string
  sdkType: string
  sdkVersion: string
  isSupportedNetwork(caipNetworkId: string): boolean
  /** The network calls without one of their own are gated on (names, identity, onramp options, sessions). */
  activeNetwork?: () => CaipNetworkId | undefined
  storage: StorageLike | undefined
  now?: () => number
  log?: Pick<Logger, 'warn'>
}

export interface HistoryParams {
  account: string
  cursor?: string
  /** CAIP network id. */
  chainId?: CaipNetworkId
  onramp?: string
  signal?: AbortSignal
}

export type {
  AllowanceParams,
  BuildApproveParams,
  BuildTransactionParams,
  RegisterNameParams,
  SwapQuoteParams as QuoteParams,
} from '@portico/shared-types'
export type OnrampQuoteParams = OnrampQuoteRequest
export type OnrampUrlParams = OnrampUrlRequest

const NAME_ZONE = 'reown.id'

/** `namespace:chainId` of a CAIP address, or undefined when it is not one. */
export function networkOfCaipAddress(caipAddress: string): CaipNetworkId | undefined {
  const parts = caipAddress.split(':')
  return parts.length === 3 && parts.every(Boolean) ? (`${parts[0]}:${parts[1]}` as CaipNetworkId) : undefined
}

export function createBlockchainApi(options: BlockchainApiOptions) {
  const { projectId, isSupportedNetwork, activeNetwork } = options
  const http = createHttpClient(options)
  const caches = createServiceCaches(options.storage, options)
  // SPEC §8 error display of each malformed balance dropped from an answer (never a wrong amount).
  const dropBalance = (message: string) => options.log?.warn('Portico: token balance dropped:', message)
  const sdkQuery = { projectId, st: options.sdkType, sv: options.sdkVersion }

  const get = <T>(
    path: string,
    schema: v.GenericSchema<unknown, T>,
    query: Query = {},
    signal?: AbortSignal,
  ) => http.get(path, { query: { ...sdkQuery, ...query }, schema, signal })
  const post = <T>(path: string, schema: v.GenericSchema<unknown, T>, body: unknown, query: Query = {}) =>
    http.post(path, { query: { ...sdkQuery, ...query }, body, schema })

  const supported = (caipNetworkId: string | undefined) =>
    !!caipNetworkId && isSupportedNetwork(caipNetworkId)
  /** Calls with no network of their own follow the active one; without that, they are not gated. */
  const activeSupported = () => {
    const network = activeNetwork?.()
    return !activeNetwork || supported(network)
  }
  function requireSwapNetwork(caipAddress: string) {
    if (!supported(networkOfCaipAddress(caipAddress))) throw new Error(MESSAGES.networkNotSupportedForSwaps)
  }
  const path = (template: TemplateStringsArray, ...values: string[]) =>
    template.reduce((joined, part, index) => joined + encodeURIComponent(values[index - 1] ?? '') + part)

  return {
    caches,
    isSupportedNetwork: supported,

    getSupportedChains: () => get('/v1/supported-chains', SupportedChainsSchema),

    /**
     * Uses the 30 s balance cache unless forceUpdate. The API's own `forceUpdate` query parameter
     * lists CAIP token addresses to report even when zero, so a cache bypass does not send it.
     */
    async fetchBalances(
      address: string,
      caipNetworkId: CaipNetworkId,
      { forceUpdate = false }: { forceUpdate?: boolean } = {},
    ): Promise<TokenBalance[]> {
      if (!supported(caipNetworkId)) return []
      const caipAddress = `${caipNetworkId}:${address}`
      const cached = forceUpdate ? undefined : caches.balance.get(caipAddress)
      if (cached) return cached
      const { balances } = await get(path`/v1/account/${address}/balance`, balancesSchema(dropBalance), {
        currency: 'usd',
        chainId: caipNetworkId,
      })
      caches.balance.set(caipAddress, balances)
      return balances
    },

    async fetchIdentity(address: string, { sender }: { sender?: string } = {}): Promise<Identity> {
      if (!activeSupported()) return { name: null, avatar: null }
      const cached = caches.identity.get(address)
      if (cached) return cached
      const identity = await get(path`/v1/identity/${address}`, IdentitySchema, { sender })
      caches.identity.set(address, identity)
      return identity
    },

    async fetchHistory({ account, cursor, chainId, onramp, signal }: HistoryParams): Promise<HistoryPage> {
      if (chainId && !supported(chainId)) return { data: [], next: null }
      return get(path`/v1/account/${account}/history`, HistorySchema, { cursor, onramp, chainId }, signal)
    },

    /** Addresses are CAIP addresses; those on unsupported networks are left out. */
    async fetchPrices(addresses: string[]): Promise<TokenPrices> {
      const wanted = addresses.filter((address) => supported(networkOfCaipAddress(address)))
      if (!wanted.length) return { fungibles: [] }
      return post('/v1/fungible/price', PricesSchema, { currency: 'usd', addresses: wanted, projectId })
    },

    fetchGasPrice(caipNetworkId: CaipNetworkId) {
      if (!supported(caipNetworkId)) return Promise.reject(new Error(MESSAGES.networkNotSupportedForGasPrice))
      return get('/v1/convert/gas-price', GasPriceSchema, { chainId: caipNetworkId })
    },

    async convertTokens(caipNetworkId: CaipNetworkId) {
      if (!supported(caipNetworkId)) throw new Error(MESSAGES.networkNotSupportedForSwaps)
      return get('/v1/convert/tokens', SwapTokensSchema, { chainId: caipNetworkId })
    },

    async convertQuotes(params: SwapQuoteParams) {
      requireSwapNetwork(params.userAddress)
      return get('/v1/convert/quotes', SwapQuotesSchema, { ...params })
    },

    async convertAllowance(params: AllowanceParams) {
      requireSwapNetwork(params.userAddress)
      return get('/v1/convert/allowance', AllowanceSchema, { ...params })
    },

    async convertBuildTransaction({ slippage, ...params }: BuildTransactionParams) {
      requireSwapNetwork(params.userAddress)
      return post('/v1/convert/build-transaction', SwapTransactionSchema, {
        ...params,
        eip155: { slippage },
        projectId,
      })
    },

    async convertBuildApprove(params: BuildApproveParams) {
      requireSwapNetwork(params.userAddress)
      return get('/v1/convert/build-approve', ApproveTransactionSchema, { ...params })
    },

    async profileLookup(name: string): Promise<NameProfile | undefined> {
      if (!activeSupported()) return undefined
      return get(path`/v1/profile/account/${name}`, NameProfileSchema, { apiVersion: 2 })
    },

    /** Names of an address, cached 5 min. */
    async profileReverse(address: string, { sender }: { sender?: string } = {}): Promise<NameProfile[]> {
      if (!activeSupported()) return []
      const cached = caches.nameService.get(address)
      if (cached) return cached
      const names = await get(path`/v1/profile/reverse/${address}`, ReverseNamesSchema, {
        sender,
        apiVersion: 2,
      })
      caches.nameService.set(address, names)
      return names
    },

    async profileSuggestions(name: string): Promise<NameSuggestions> {
      if (!activeSupported()) return { suggestions: [] }
      return get(path`/v1/profile/suggestions/${name}`, NameSuggestionsSchema, { zone: NAME_ZONE })
    },

    profileRegister({ coinType, address, message, signature }: RegisterNameParams) {
      return post('/v1/profile/account', RegisterNameSchema, {
        coin_type: coinType,
        address,
        message,
        signature,
      })
    },

    async onrampOptions(): Promise<OnrampOptions> {
      if (!activeSupported()) return { purchaseCurrencies: [], paymentCurrencies: [] }
      return get('/v1/onramp/options', OnrampOptionsSchema)
    },

    onrampQuote(params: OnrampQuoteRequest) {
      return post('/v1/onramp/quote', OnrampQuoteSchema, params)
    },

    onrampUrl(params: OnrampUrlRequest) {
      return post('/v1/generators/onrampurl', OnrampUrlSchema, { ...params, defaultExperience: 'buy' })
    },

    async getSessions(address: string) {
      if (!activeSupported()) return { pcis: [] }
      return get(path`/v1/sessions/${address}`, SessionsSchema)
    },

    revokeSession(address: string, { pci, signature }: { pci: string; signature: string }) {
      return post(path`/v1/sessions/${address}/revoke`, RevokeSessionSchema, { pci, signature })
    },
  }
}

export type BlockchainApi = ReturnType<typeof createBlockchainApi>
