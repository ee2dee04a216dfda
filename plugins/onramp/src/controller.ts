import type { PluginContext, PluginStore } from '@portico/shared-types/plugin'
import { checkProviderUrl } from './onramp.ts'
import { apiOf, type OnrampState, type Purchase } from './state.ts'
import { fill, strings } from './strings.ts'

type Store = PluginStore<OnrampState>

/** Reads the options once; the kernel answers its built-in sample list when the API cannot (behaviour §8). */
export async function loadOptions(ctx: PluginContext, store: Store): Promise<void> {
  const api = apiOf(ctx)
  if (!api || store.get().options || store.get().loadingOptions) return
  store.update((s) => {
    s.loadingOptions = true
  })
  try {
    const options = await api.onrampOptions()
    store.update((s) => {
      s.options = options
    })
  } catch (error) {
    ctx.log.warn('on-ramp options failed', error)
    store.update((s) => {
      s.error = strings.unavailable
    })
  } finally {
    store.update((s) => {
      s.loadingOptions = false
    })
  }
}

export interface QuoteRequest {
  currency: string
  fiat: string
  method: string
  amount: string
  chainId: string
  /** The providers on this network that quote, in the order shown. */
  quoting: string[]
}

export const quoteKey = (r: QuoteRequest) =>
  JSON.stringify([r.currency, r.fiat, r.method, r.amount, r.chainId, r.quoting])

/**
 * The quoting providers' quotes; a failed one is the kernel's placeholder (behaviour §8). Stale answers are
 * dropped. A provider that does not quote is never asked: the API would only answer 422.
 */
export async function requestQuotes(ctx: PluginContext, store: Store, r: QuoteRequest): Promise<void> {
  const api = apiOf(ctx)
  if (!api || r.quoting.length === 0) return
  const key = quoteKey(r)
  store.update((s) => {
    s.quotesFor = key
    s.loadingQuotes = true
  })
  const quotes = await Promise.all(
    r.quoting.map(async (id) => ({
      provider: id,
      quote: await api.onrampQuote({
        purchaseCurrency: r.currency,
        paymentCurrency: r.fiat,
        amount: r.amount,
        network: `eip155:${r.chainId}`,
        provider: id,
        paymentMethod: r.method,
      }),
    })),
  )
  if (store.get().quotesFor !== key) return
  store.update((s) => {
    s.quotes = quotes
    s.loadingQuotes = false
  })
}

export type OpenWindow = (url: string, target: string, features: string) => unknown

/**
 * Asks the API for the provider page of an order priced like the quote, checks the URL (https, or http
 * on loopback, parsed with new URL) and opens it in a new window without an opener.
 */
export async function buyWith(
  ctx: PluginContext,
  store: Store,
  provider: string,
  r: Omit<QuoteRequest, 'quoting'> & { address: string },
  open: OpenWindow = (url, target, features) => window.open(url, target, features),
): Promise<void> {
  const api = apiOf(ctx)
  if (!api) return
  store.update((s) => {
    s.opening = provider
    delete s.error
  })
  try {
    const { url } = await api.onrampUrl({
      destinationWallets: [
        { address: r.address, blockchains: [`eip155:${r.chainId}`], assets: [r.currency] },
      ],
      defaultNetwork: `eip155:${r.chainId}`,
      partnerUserId: r.address,
      presetFiatAmount: Number(r.amount),
      provider,
      paymentCurrency: r.fiat,
      paymentMethod: r.method,
    })
    const checked = checkProviderUrl(url)
    if (!checked.ok) throw new Error(fill(strings.blockedUrl, { reason: checked.reason }))
    open(checked.url, '_blank', 'noopener,noreferrer')
    store.update((s) => {
      s.opened = provider
    })
  } catch (error) {
    ctx.log.warn('on-ramp URL failed', error)
    const message =
      error instanceof Error && error.message.startsWith('The provider page address')
        ? error.message
        : strings.urlFailed
    store.update((s) => {
      s.error = message
    })
  } finally {
    store.update((s) => {
      delete s.opening
    })
  }
}

/**
 * The account's purchases from each of `providers` (ids; history with the onramp parameter, behaviour §7),
 * newest first.
 */
export async function loadPurchases(
  ctx: PluginContext,
  store: Store,
  address: string,
  chainId: string,
  providers: readonly string[],
): Promise<void> {
  const api = apiOf(ctx)
  if (!api) return
  store.update((s) => {
    s.purchasesStatus = 'loading'
  })
  try {
    const pages = await Promise.all(
      providers.map(async (id) => {
        const page = await api.fetchHistory({ account: address, chainId: `eip155:${chainId}`, onramp: id })
        return page.data.map((item): Purchase => ({ provider: id, item }))
      }),
    )
    const purchases = pages
      .flat()
      .sort((a, b) => b.item.metadata.minedAt.localeCompare(a.item.metadata.minedAt))
    store.update((s) => {
      s.purchases = purchases
      s.purchasesStatus = 'loaded'
    })
  } catch (error) {
    ctx.log.warn('on-ramp purchases failed', error)
    store.update((s) => {
      s.purchasesStatus = 'failed'
    })
  }
}
