/**
 * Blockchain API response schemas (behaviour §7). Strict on the fields the UI reads, lenient (optional,
 * defaulted) where the behaviour reference says the shape is not shown. Outputs stay JSON-safe (no bigint) so that
 * cached values re-validate with the same schema.
 */
import type { CaipAddress, CaipNetworkId } from '@portico/shared-types'
import * as v from 'valibot'
import { droppingList, QuantitySchema } from './quantity.ts'

/** Absent or null both read as absent. */
const maybe = <T extends v.GenericSchema>(schema: T) =>
  v.optional(
    v.pipe(
      v.nullable(schema),
      v.transform((value) => value ?? undefined),
    ),
  )

const text = v.pipe(v.union([v.string(), v.number()]), v.transform(String))
const numeric = v.union([
  v.pipe(v.number(), v.finite()),
  v.pipe(v.string(), v.decimal(), v.transform(Number)),
])
/** An amount for BigInt(): decimal or 0x-hex digits, or a safe integer. */
const integerText = v.union([
  v.pipe(v.string(), v.regex(/^(\d+|0x[\da-fA-F]+)$/, 'Expected an integer string')),
  v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.transform(String)),
])
const caipAddress = v.custom<CaipAddress>(
  (value) => typeof value === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:.+$/.test(value),
  'Expected a CAIP address',
)
const caipNetworkId = v.custom<CaipNetworkId>(
  (value) => typeof value === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(value),
  'Expected a CAIP network id',
)
const list = <T extends v.GenericSchema>(item: T) => v.optional(v.array(item), [])

export const SupportedChainsSchema = v.object({ http: v.array(caipNetworkId), ws: list(caipNetworkId) })

export const TokenBalanceSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  chainId: text,
  address: maybe(caipAddress),
  value: maybe(numeric),
  price: v.optional(numeric, 0),
  quantity: QuantitySchema,
  iconUrl: v.optional(v.string(), ''),
  /** false: not on the network's token list (Portico's API); absent when the API does not say. */
  verified: maybe(v.boolean()),
})
/**
 * A malformed balance (say decimals "1e9") is dropped, never shown with a wrong amount; `onDrop`
 * gets each one's behaviour §8 error display.
 */
export const balancesSchema = (onDrop?: (message: string) => void) =>
  v.object({ balances: droppingList(TokenBalanceSchema, onDrop) })
export const BalancesSchema = balancesSchema()

export const IdentitySchema = v.object({
  name: v.nullish(v.string(), null),
  avatar: v.nullish(v.string(), null),
})

const TransferSchema = v.object({
  fungible_info: maybe(
    v.object({
      name: maybe(v.string()),
      symbol: maybe(v.string()),
      icon: maybe(v.object({ url: v.string() })),
      flags: maybe(v.object({ verified: v.boolean() })),
    }),
  ),
  nft_info: maybe(
    v.object({
      name: maybe(v.string()),
      flags: v.object({ is_spam: v.boolean() }),
      content: maybe(v.object({ preview: maybe(v.object({ url: v.string() })) })),
    }),
  ),
  direction: v.picklist(['in', 'out', 'self']),
  quantity: QuantitySchema,
  value: maybe(numeric),
  price: maybe(numeric),
})

export const TransactionSchema = v.object({
  id: v.string(),
  metadata: v.object({
    operationType: v.string(),
    hash: v.string(),
    minedAt: v.string(),
    sentFrom: v.string(),
    sentTo: v.string(),
    status: v.picklist(['confirmed', 'failed', 'pending']),
    nonce: v.number(),
    chain: caipNetworkId,
  }),
  transfers: list(TransferSchema),
})
/** A malformed transaction (one airdropped token with hostile decimals) is dropped, not the page. */
export const HistorySchema = v.object({
  data: droppingList(TransactionSchema),
  next: v.nullish(v.string(), null),
})

export const PricesSchema = v.object({
  fungibles: v.array(
    v.object({
      name: v.optional(v.string(), ''),
      symbol: v.string(),
      iconUrl: v.optional(v.string(), ''),
      price: numeric,
      /** The swap flow keys its price map by it. */
      address: caipAddress,
    }),
  ),
})

export const GasPriceSchema = v.object({ standard: integerText, fast: integerText, instant: integerText })

export const SwapTokenSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  address: caipAddress,
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0)),
  logoUri: v.optional(v.string(), ''),
  eip2612: maybe(v.boolean()),
})
export const SwapTokensSchema = v.object({ tokens: v.array(SwapTokenSchema) })

export const SwapQuotesSchema = v.object({
  quotes: v.array(
    v.object({
      id: maybe(v.string()),
      fromAmount: maybe(integerText),
      fromAccount: maybe(v.string()),
      toAmount: integerText,
      toAccount: maybe(v.string()),
    }),
  ),
})

export const AllowanceSchema = v.object({ allowance: integerText })

const hexData = v.pipe(v.string(), v.regex(/^0x[\da-fA-F]*$/, 'Expected 0x-prefixed hex data'))
/** The swap API gives `to` and `from` as CAIP addresses. */
const txAddress = v.string()

export const SwapTransactionSchema = v.object({
  tx: v.object({
    from: maybe(txAddress),
    to: txAddress,
    data: hexData,
    value: integerText,
    eip155: v.object({ gas: integerText, gasPrice: integerText }),
  }),
})

export const ApproveTransactionSchema = v.object({
  tx: v.object({
    from: txAddress,
    to: txAddress,
    data: hexData,
    value: v.optional(integerText, '0'),
    eip155: v.object({ gasPrice: integerText }),
  }),
})

const Attributes = v.record(v.string(), v.string())

export const NameProfileSchema = v.object({
  name: v.string(),
  registered: maybe(numeric),
  updated: maybe(numeric),
  addresses: v.optional(v.record(v.string(), v.object({ address: v.string(), created: maybe(text) })), {}),
  // A list of records as the hosted API sends, or a single record: both read as a list.
  attributes: v.optional(
    v.union([
      v.array(Attributes),
      v.pipe(
        Attributes,
        v.transform((record) => [record]),
      ),
    ]),
    [],
  ),
})
export const ReverseNamesSchema = v.array(NameProfileSchema)

export const NameSuggestionsSchema = v.object({
  suggestions: v.array(v.object({ name: v.string(), registered: v.optional(v.boolean(), false) })),
})

export const RegisterNameSchema = v.looseObject({ success: v.optional(v.boolean(), true) })

const OnrampNetworkSchema = v.object({
  name: v.string(),
  display_name: v.optional(v.string(), ''),
  chain_id: v.optional(text, ''),
  contract_address: v.optional(v.string(), ''),
})
/** More providers than this is not an answer to show: the whole options answer is refused. */
export const MAX_ONRAMP_PROVIDERS = 16
/** Longest provider name kept (after cleaning); a longer or empty one drops that provider. */
export const MAX_ONRAMP_PROVIDER_NAME = 40
const MAX_PROVIDER_NETWORKS = 64

// The rule the kernel applies to a wallet's or token contract's names (account/walletAssets.ts,
// chains/erc20Multicall.ts): C0/C1 controls and bidi marks, embeddings, overrides and isolates go.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** A provider the view names and sends back as `provider`: its id is refused unless plain. */
const OnrampProviderSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'Expected a provider id such as moonpay')),
  name: v.pipe(
    v.string(),
    v.transform((s) => s.replace(CONTROL, '').trim()),
    v.minLength(1, 'Expected a provider name'),
    v.maxLength(
      MAX_ONRAMP_PROVIDER_NAME,
      `Expected a provider name of at most ${MAX_ONRAMP_PROVIDER_NAME} characters`,
    ),
  ),
  quotes: v.boolean(),
  networks: v.pipe(v.array(caipNetworkId), v.maxLength(MAX_PROVIDER_NETWORKS)),
})
type OnrampProviderInfo = v.InferOutput<typeof OnrampProviderSchema>
const firstOfEachId = (providers: OnrampProviderInfo[]) =>
  providers.filter((p, i) => providers.findIndex((q) => q.id === p.id) === i)

/**
 * Bounded before any item is read; a malformed provider is dropped (the others stay offered), and a
 * repeated id keeps its first entry (the view keys its rows by id).
 */
const OnrampProvidersSchema = v.pipe(
  v.array(v.unknown()),
  v.maxLength(MAX_ONRAMP_PROVIDERS, `Expected at most ${MAX_ONRAMP_PROVIDERS} on-ramp providers`),
  v.transform((values) => firstOfEachId(v.parse(droppingList(OnrampProviderSchema), values))),
)

export const OnrampOptionsSchema = v.object({
  purchaseCurrencies: list(
    v.object({ id: v.string(), name: v.string(), symbol: v.string(), networks: list(OnrampNetworkSchema) }),
  ),
  paymentCurrencies: list(
    v.object({
      id: v.string(),
      payment_method_limits: list(v.object({ id: v.string(), min: text, max: text })),
    }),
  ),
  /** Absent when the API does not say (the Buy view then offers the behaviour §9 sandbox pair). */
  providers: v.optional(OnrampProvidersSchema),
})

const MoneySchema = v.object({ amount: text, currency: v.string() })
export const OnrampQuoteSchema = v.object({
  coinbaseFee: MoneySchema,
  networkFee: MoneySchema,
  paymentSubtotal: MoneySchema,
  paymentTotal: MoneySchema,
  purchaseAmount: MoneySchema,
  quoteId: v.string(),
})

export const OnrampUrlSchema = v.object({ url: v.pipe(v.string(), v.url()) })

/** Smart-account sessions: the behaviour reference shows no shape; the UI needs the permission context id. */
export const SessionsSchema = v.object({
  pcis: v.array(
    v.looseObject({
      pci: v.string(),
      address: maybe(v.string()),
      createdAt: maybe(v.number()),
      expiry: v.nullish(v.number(), null),
      revokedAt: v.nullish(v.number(), null),
    }),
  ),
})
export const RevokeSessionSchema = v.looseObject({
  pci: v.optional(v.string()),
  revokedAt: maybe(v.number()),
})

export type SupportedChains = v.InferOutput<typeof SupportedChainsSchema>
export type Identity = v.InferOutput<typeof IdentitySchema>
export type HistoryPage = v.InferOutput<typeof HistorySchema>
export type TokenPrices = v.InferOutput<typeof PricesSchema>
export type GasPrice = v.InferOutput<typeof GasPriceSchema>
export type SwapToken = v.InferOutput<typeof SwapTokenSchema>
export type SwapQuotes = v.InferOutput<typeof SwapQuotesSchema>
export type Allowance = v.InferOutput<typeof AllowanceSchema>
export type SwapTransactionResponse = v.InferOutput<typeof SwapTransactionSchema>
export type ApproveTransactionResponse = v.InferOutput<typeof ApproveTransactionSchema>
export type NameProfile = v.InferOutput<typeof NameProfileSchema>
export type NameSuggestions = v.InferOutput<typeof NameSuggestionsSchema>
export type OnrampOptions = v.InferOutput<typeof OnrampOptionsSchema>
export type Sessions = v.InferOutput<typeof SessionsSchema>
