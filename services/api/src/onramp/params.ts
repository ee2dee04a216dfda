import { badRequest } from '../http/errors.ts'
import { parseNetwork, v } from '../http/validate.ts'
import type { OnrampAsset } from './assets.ts'
import {
  ASSETS,
  type AssetId,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
  type PaymentCurrency,
  type PaymentMethodId,
  parseFiatCents,
} from './catalogue.ts'

const oneOf = (what: string, values: readonly string[]) =>
  v.pipe(
    v.string(`${what} must be one of ${values.join(', ')}`),
    v.maxLength(40, `${what} must be one of ${values.join(', ')}`),
    v.check(
      (s) => values.some((x) => x.toLowerCase() === s.toLowerCase()),
      `${what} must be one of ${values.join(', ')}`,
    ),
  )

/** Checked against the configured providers when the request is served (providers.ts). */
const ProviderField = v.optional(
  v.pipe(
    v.string('provider must be a provider id such as portico-pay'),
    v.regex(/^[a-z0-9-]{1,40}$/, 'provider must be a provider id such as portico-pay'),
  ),
)
const MethodField = v.optional(oneOf('paymentMethod', PAYMENT_METHODS))
const CurrencyField = oneOf('paymentCurrency', PAYMENT_CURRENCIES)
const AssetField = oneOf(
  'purchaseCurrency',
  ASSETS.map((a) => a.id),
)
const NetworkField = v.pipe(
  v.string('network must be a CAIP-2 network id such as eip155:31337'),
  v.maxLength(80, 'network must be a CAIP-2 network id such as eip155:31337'),
)

/** POST /v1/onramp/quote body (behaviour §7) plus the provider and payment method this sandbox quotes for. */
export const QuoteBody = v.strictObject(
  {
    purchaseCurrency: AssetField,
    paymentCurrency: CurrencyField,
    amount: v.pipe(
      v.string('amount must be a decimal string such as "100.00"'),
      v.maxLength(16, 'amount must be a decimal string such as "100.00"'),
    ),
    network: NetworkField,
    provider: ProviderField,
    paymentMethod: MethodField,
  },
  'body must be a JSON object with purchaseCurrency, paymentCurrency, amount and network (and nothing else but provider, paymentMethod)',
)

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const list = (what: string, item: v.GenericSchema<unknown, string>, max: number) =>
  v.pipe(
    v.array(item, `${what} must be a list`),
    v.maxLength(max, `${what} must hold at most ${max} entries`),
  )

/** POST /v1/generators/onrampurl body (behaviour §7) plus provider, paymentCurrency and paymentMethod. */
export const UrlBody = v.strictObject(
  {
    destinationWallets: v.pipe(
      v.array(
        v.strictObject(
          {
            address: v.pipe(
              v.string('destinationWallets.address must be a 0x address'),
              v.regex(HEX_ADDRESS, 'destinationWallets.address must be 0x followed by 40 hex characters'),
            ),
            blockchains: v.optional(list('destinationWallets.blockchains', NetworkField, 10)),
            assets: v.optional(list('destinationWallets.assets', AssetField, 10)),
          },
          'destinationWallets entries must be objects with address, blockchains and assets',
        ),
        'destinationWallets must be a list',
      ),
      v.minLength(1, 'destinationWallets must name one wallet'),
      v.maxLength(1, 'destinationWallets must name one wallet'),
    ),
    defaultNetwork: v.optional(NetworkField),
    partnerUserId: v.pipe(
      v.string('partnerUserId must be a string'),
      v.regex(
        /^[A-Za-z0-9._:-]{1,128}$/,
        'partnerUserId must be 1–128 letters, digits, ".", "_", ":" or "-"',
      ),
    ),
    defaultExperience: v.optional(v.picklist(['buy'], 'defaultExperience must be "buy"')),
    presetCryptoAmount: v.optional(v.number('presetCryptoAmount must be a number')),
    presetFiatAmount: v.pipe(
      v.number('presetFiatAmount must be a number'),
      v.finite('presetFiatAmount must be a number'),
    ),
    provider: ProviderField,
    paymentCurrency: v.optional(CurrencyField),
    paymentMethod: MethodField,
  },
  'body must be a JSON object with destinationWallets, partnerUserId, presetFiatAmount (and defaultNetwork, defaultExperience, provider, paymentCurrency, paymentMethod)',
)

export function methodOf(id: string | undefined): PaymentMethodId {
  const method = (id ?? 'card') as PaymentMethodId
  if (!PAYMENT_METHODS.includes(method))
    throw badRequest(`paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}`)
  return method
}

export function currencyOf(id: string): PaymentCurrency {
  const upper = id.toUpperCase() as PaymentCurrency
  if (!PAYMENT_CURRENCIES.includes(upper))
    throw badRequest(`paymentCurrency must be one of ${PAYMENT_CURRENCIES.join(', ')}`)
  return upper
}

export function fiatCentsOf(text: string, field: string): bigint {
  const cents = parseFiatCents(text)
  if (cents === null)
    throw badRequest(`${field} must be a decimal amount with at most 2 decimals, such as "100.00"`)
  return cents
}

/** The offered asset `assetId` on `network` (CAIP-2 or a chain number); 400 if not offered there. */
export function assetOn(assets: OnrampAsset[], assetId: string, network: string): OnrampAsset {
  const id = assetId.toLowerCase() as AssetId
  if (!ASSETS.some((a) => a.id === id))
    throw badRequest(`purchaseCurrency must be one of ${ASSETS.map((a) => a.id).join(', ')}`)
  const parsed = parseNetwork(network)
  const chainId = 'chainId' in parsed ? parsed.chainId : undefined
  const found = assets.find((a) => a.asset === id && a.chainId === chainId)
  if (!found) throw badRequest(`${id.toUpperCase()} cannot be bought on ${network.slice(0, 80)}`)
  return found
}
