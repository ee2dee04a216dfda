import { type CaipNetworkId, MESSAGES, type TokenBalance } from '@portico/shared-types'
import type { Logger } from '@portico/shared-types/plugin'
import type * as v from 'valibot'
import { createServiceCaches } from './cache.ts'
import { ApiError } from './errors.ts'
import { forceUpdateParam } from './forceUpdate.ts'
import { createHttpClient, type HttpClientOptions, type Query } from './http.ts'
import {
  balancesSchema,
  GasPriceSchema,
  type HistoryPage,
  HistorySchema,
  type Identity,
  IdentitySchema,
  PricesSchema,
  SupportedChainsSchema,
  type TokenPrices,
} from './schemas.ts'
import type { StorageLike } from './ttlCache.ts'

export interface BlockchainApiOptions
  extends Pick<HttpClientOptions, 'timeoutMs' | 'retries' | 'baseDelayMs' | 'fetch'> {
  baseUrl: string
  projectId: string
  clientId?: string
  sdkType: string
  sdkVersion: string
  isSupportedNetwork(caipNetworkId: string): boolean
  /** Whether the API's own supported-chains list has been read (not only the built-in fallback). */
  supportedListRead?: () => boolean
  /** The network calls without one of their own are gated on (names, identity, onramp options, sessions). */
  activeNetwork?: () => CaipNetworkId | undefined
  /** The token addresses the app configured for a network, always reported by the balance call. */
  configuredTokens?: (caipNetworkId: CaipNetworkId) => readonly unknown[] | undefined
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

/** A path with each interpolated segment URL-encoded. */
export const apiPath = (template: TemplateStringsArray, ...values: string[]) =>
  template.reduce((joined, part, index) => joined + encodeURIComponent(values[index - 1] ?? '') + part)

/** `namespace:chainId` of a CAIP address, or undefined when it is not one. */
export function networkOfCaipAddress(caipAddress: string): CaipNetworkId | undefined {
  const parts = caipAddress.split(':')
  return parts.length === 3 && parts.every(Boolean) ? (`${parts[0]}:${parts[1]}` as CaipNetworkId) : undefined
}

export function createBlockchainApi(options: BlockchainApiOptions) {
  const { projectId, isSupportedNetwork, activeNetwork } = options
  const http = createHttpClient(options)
  const caches = createServiceCaches(options.storage, options)
  // behaviour §8 error display of each malformed balance dropped from an answer (never a wrong amount).
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

  return {
    caches,
    isSupportedNetwork: supported,

    getSupportedChains: () => get('/v1/supported-chains', SupportedChainsSchema),

    /**
     * Uses the 30 s balance cache unless the `forceUpdate` option (a cache bypass). The API's own
     * `forceUpdate` query parameter is another thing: the app's configured tokens for the network.
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
      const { balances } = await get(apiPath`/v1/account/${address}/balance`, balancesSchema(dropBalance), {
        currency: 'usd',
        chainId: caipNetworkId,
        forceUpdate: forceUpdateParam(caipNetworkId, options.configuredTokens?.(caipNetworkId)),
      })
      caches.balance.set(caipAddress, balances)
      return balances
    },

    /** The last balance answer for the account on the network with its age, within the cache lifetime. */
    cachedBalances(address: string, caipNetworkId: CaipNetworkId) {
      const entry = caches.balance.entry(`${caipNetworkId}:${address}`)
      return entry && { balances: entry.value, ageMs: entry.ageMs }
    },

    async fetchIdentity(address: string, { sender }: { sender?: string } = {}): Promise<Identity> {
      if (!activeSupported()) return { name: null, avatar: null }
      const cached = caches.identity.get(address)
      if (cached) return cached
      const identity = await get(apiPath`/v1/identity/${address}`, IdentitySchema, { sender })
      caches.identity.set(address, identity)
      return identity
    },

    async fetchHistory({ account, cursor, chainId, onramp, signal }: HistoryParams): Promise<HistoryPage> {
      if (chainId && !supported(chainId)) return { data: [], next: null }
      return get(apiPath`/v1/account/${account}/history`, HistorySchema, { cursor, onramp, chainId }, signal)
    },

    /** Addresses are CAIP addresses; those on unsupported networks are left out. */
    async fetchPrices(addresses: string[]): Promise<TokenPrices> {
      const wanted = addresses.filter((address) => supported(networkOfCaipAddress(address)))
      if (!wanted.length) return { fungibles: [] }
      return post('/v1/fungible/price', PricesSchema, { currency: 'usd', addresses: wanted, projectId })
    },

    fetchGasPrice(caipNetworkId: CaipNetworkId) {
      if (!supported(caipNetworkId))
        return Promise.reject(
          new ApiError('API_NETWORK_NOT_SUPPORTED', MESSAGES.networkNotSupportedForGasPrice),
        )
      return get('/v1/convert/gas-price', GasPriceSchema, { chainId: caipNetworkId })
    },

    /** What the lazily loaded feature calls (blockchainApiFeatures.ts) build on. */
    core: {
      get,
      post,
      supported,
      activeSupported,
      supportedListRead: options.supportedListRead ?? (() => true),
      caches,
      projectId,
      log: options.log,
    },
  }
}

export type BlockchainApi = ReturnType<typeof createBlockchainApi>
export type BlockchainApiCore = BlockchainApi['core']
