/**
 * The plugin-facing feature calls (convert, profile, onramp, sessions) with behaviour §8's rules for names
 * (their error messages) and on-ramp (fallbacks), so no plugin re-implements them. Loaded as one chunk
 * with blockchainApiFeatures.ts on the first such call (blockchainApiClient.ts).
 */

import { MESSAGES } from '@portico/shared-types'
import type {
  OnrampOptionsResponse,
  OnrampQuoteRequest,
  OnrampQuoteResponse,
} from '@portico/shared-types/api'
import type { BlockchainApiClient, Logger, RegisterNameParams } from '@portico/shared-types/plugin'
import * as v from 'valibot'
import type { BlockchainApiCore } from './blockchainApi.ts'
import { createFeatureCalls } from './blockchainApiFeatures.ts'
import { ApiError, HttpError } from './errors.ts'

const card = { id: 'card', min: '10.00', max: '7500.00' }
const ach = { id: 'ach_bank_account', min: '10.00', max: '25000.00' }

/** behaviour §8/§9: the built-in sample list when the options cannot be read. */
export const ONRAMP_FALLBACK_OPTIONS: OnrampOptionsResponse = {
  purchaseCurrencies: [
    {
      id: 'usdc',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        {
          name: 'ethereum-mainnet',
          display_name: 'Ethereum',
          chain_id: '1',
          contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        },
      ],
    },
    {
      id: 'eth',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '' }],
    },
  ],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: [card, ach] },
    { id: 'EUR', payment_method_limits: [card, ach] },
  ],
}

/** behaviour §8: a failed quote is a placeholder (no fees, the amount as asked) the UI can still show. */
export function placeholderQuote({
  amount,
  paymentCurrency,
  purchaseCurrency,
}: OnrampQuoteRequest): OnrampQuoteResponse & { placeholder: true } {
  const paid = { amount, currency: paymentCurrency }
  const none = { amount: '0', currency: paymentCurrency }
  return {
    coinbaseFee: none,
    networkFee: none,
    paymentSubtotal: paid,
    paymentTotal: paid,
    purchaseAmount: { amount: '0', currency: purchaseCurrency },
    quoteId: 'placeholder',
    placeholder: true,
  }
}

const RegisterMessageSchema = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  attributes: v.optional(v.record(v.string(), v.string())),
  timestamp: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
})

/** The name a registration message signs; a message that is not behaviour §7's JSON is refused before sending. */
export function registeredName(message: string): string {
  let data: unknown
  try {
    data = JSON.parse(message)
  } catch {
    data = undefined
  }
  const result = v.safeParse(RegisterMessageSchema, data)
  if (!result.success)
    throw new ApiError(
      'API_INVALID_REQUEST',
      'The name registration message must be JSON with name, attributes and timestamp (seconds)',
    )
  return result.output.name
}

/** The API's first reason description (`{ reasons: [{ description }] }`), if it sent one. */
export function firstReason(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined
  const reasons = (error.body as { reasons?: unknown } | undefined)?.reasons
  const description = Array.isArray(reasons)
    ? (reasons[0] as { description?: unknown } | undefined)?.description
    : undefined
  return typeof description === 'string' && description.trim() ? description.trim().slice(0, 300) : undefined
}

const failWith = (message: string) => (cause: unknown) => {
  throw new ApiError('API_REQUEST_FAILED', message, { cause })
}

export type PluginFeatureCalls = Pick<
  BlockchainApiClient,
  | 'convertTokens'
  | 'convertQuotes'
  | 'convertAllowance'
  | 'convertBuildTransaction'
  | 'convertBuildApprove'
  | 'profileLookup'
  | 'profileReverse'
  | 'profileSuggestions'
  | 'profileRegister'
  | 'onrampOptions'
  | 'onrampQuote'
  | 'onrampUrl'
  | 'getSessions'
  | 'revokeSession'
>

export function createPluginFeatureCalls(
  core: BlockchainApiCore,
  log: Pick<Logger, 'warn'>,
): PluginFeatureCalls {
  const api = createFeatureCalls(core)
  return {
    convertTokens: api.convertTokens,
    convertQuotes: api.convertQuotes,
    convertAllowance: api.convertAllowance,
    convertBuildTransaction: api.convertBuildTransaction,
    convertBuildApprove: api.convertBuildApprove,

    profileLookup: (name) =>
      api.profileLookup(name).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 404) return undefined
        return failWith(MESSAGES.errorResolvingName)(error)
      }),
    profileReverse: (address, options) =>
      api.profileReverse(address, options).catch(failWith(MESSAGES.errorFetchingNamesForAddress)),
    profileSuggestions: (name) =>
      api.profileSuggestions(name).catch(failWith(MESSAGES.errorFetchingNameSuggestions)),
    async profileRegister(params: RegisterNameParams) {
      const name = registeredName(params.message)
      try {
        const { success } = await api.profileRegister(params)
        return { success }
      } catch (error) {
        throw new ApiError('API_REQUEST_FAILED', firstReason(error) ?? MESSAGES.errorRegisteringName(name), {
          cause: error,
        })
      }
    },

    async onrampOptions() {
      try {
        return await api.onrampOptions()
      } catch (error) {
        log.warn('Portico: on-ramp options unavailable; using the built-in list', error)
        return { ...structuredClone(ONRAMP_FALLBACK_OPTIONS), fallback: true as const }
      }
    },
    async onrampQuote(params: OnrampQuoteRequest) {
      try {
        return await api.onrampQuote(params)
      } catch (error) {
        log.warn('Portico: on-ramp quote failed; showing a placeholder', error)
        return placeholderQuote(params)
      }
    },
    onrampUrl: api.onrampUrl,

    getSessions: api.getSessions,
    revokeSession: api.revokeSession,
  }
}
