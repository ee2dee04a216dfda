/**
 * The blockchain API calls no kernel screen makes (behaviour §7 convert, profile, onramp, sessions), for
 * plugins: loaded with the first such call (see blockchainApiClient.ts), never before the first open.
 * Same retry/timeout rules and gating as the core calls; every answer checked by its schema.
 */

import { type CaipNetworkId, MESSAGES } from '@portico/shared-types'
import type { OnrampQuoteRequest, OnrampUrlRequest } from '@portico/shared-types/api'
import type {
  AllowanceParams,
  BuildApproveParams,
  BuildTransactionParams,
  RegisterNameParams,
  SwapQuoteParams,
} from '@portico/shared-types/plugin'
import { apiPath, type BlockchainApiCore, networkOfCaipAddress } from './blockchainApi.ts'
import { ApiError } from './errors.ts'
import {
  AllowanceSchema,
  type NameProfile,
  NameProfileSchema,
  type NameSuggestions,
  NameSuggestionsSchema,
  type OnrampOptions,
  OnrampOptionsSchema,
  OnrampQuoteSchema,
  RegisterNameSchema,
  ReverseNamesSchema,
  SwapQuotesSchema,
} from './schemas.ts'
import { ApproveTransactionSchema, SwapTransactionSchema, swapTokensSchema } from './schemasConvert.ts'
import { OnrampUrlSchema } from './schemasOnramp.ts'
import { RevokeSessionSchema, SessionsSchema } from './schemasSessions.ts'

const NAME_ZONE = 'reown.id'

export function createFeatureCalls({
  get,
  post,
  supported,
  activeSupported,
  supportedListRead,
  caches,
  projectId,
  log,
}: BlockchainApiCore) {
  const dropToken = (message: string) => log?.warn('Portico: swap token dropped:', message)
  function requireSwapNetwork(caipAddress: string) {
    if (!supported(networkOfCaipAddress(caipAddress)))
      throw new ApiError('API_NETWORK_NOT_SUPPORTED', MESSAGES.networkNotSupportedForSwaps)
  }

  return {
    async convertTokens(caipNetworkId: CaipNetworkId) {
      if (!supported(caipNetworkId))
        throw new ApiError('API_NETWORK_NOT_SUPPORTED', MESSAGES.networkNotSupportedForSwaps)
      return get('/v1/convert/tokens', swapTokensSchema(dropToken), { chainId: caipNetworkId })
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
      return get(apiPath`/v1/profile/account/${name}`, NameProfileSchema, { apiVersion: 2 })
    },

    /** Names of an address, cached 5 min. */
    async profileReverse(address: string, { sender }: { sender?: string } = {}): Promise<NameProfile[]> {
      if (!activeSupported()) return []
      const cached = caches.nameService.get(address)
      if (cached) return cached
      const names = await get(apiPath`/v1/profile/reverse/${address}`, ReverseNamesSchema, {
        sender,
        apiVersion: 2,
      })
      caches.nameService.set(address, names)
      return names
    },

    async profileSuggestions(name: string): Promise<NameSuggestions> {
      if (!activeSupported()) return { suggestions: [] }
      return get(apiPath`/v1/profile/suggestions/${name}`, NameSuggestionsSchema, { zone: NAME_ZONE })
    },

    /** On success the address's cached identity and names are dropped: the next read shows the new name. */
    async profileRegister({ coinType, address, message, signature }: RegisterNameParams) {
      const result = await post('/v1/profile/account', RegisterNameSchema, {
        coin_type: coinType,
        address,
        message,
        signature,
      })
      caches.identity.remove(address)
      caches.nameService.remove(address)
      return result
    },

    async onrampOptions(): Promise<OnrampOptions> {
      // The API's own list unread (the API is down): ask anyway, so that its failure brings the
      // behaviour §8 sample options instead of an empty Buy view.
      if (!activeSupported() && supportedListRead()) return { purchaseCurrencies: [], paymentCurrencies: [] }
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
      return get(apiPath`/v1/sessions/${address}`, SessionsSchema)
    },

    revokeSession(address: string, { pci, signature }: { pci: string; signature: string }) {
      return post(apiPath`/v1/sessions/${address}/revoke`, RevokeSessionSchema, { pci, signature })
    },
  }
}

export type FeatureCalls = ReturnType<typeof createFeatureCalls>
