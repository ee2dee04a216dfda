import type { PluginContext } from '@portico/shared-types/plugin'
import { feesOf, formatMoney, type Provider, type Quote } from './onramp.ts'
import { fill, strings } from './strings.ts'

export interface OffersProps {
  ctx: PluginContext
  /** The providers on this network, in the API's order. */
  providers: readonly Provider[]
  /** The current quotes of the providers that quote (none while they load or are stale). */
  quotes: { provider: string; quote: Quote }[]
  loading: boolean
  disabled: boolean
  onChoose: (provider: string) => void
}

function quoteText(ctx: PluginContext, quote: Quote): string {
  if (quote.placeholder) return strings.placeholderQuote
  const gets = fill(strings.youGet, {
    amount: quote.purchaseAmount.amount,
    symbol: quote.purchaseAmount.currency,
  })
  const fees = formatMoney(Number(feesOf(quote)), quote.paymentTotal.currency, ctx.i18n?.formatFiat)
  return `${gets} · ${fill(strings.fees, { fees })}`
}

/**
 * One row per provider: a quoting one once its quote is in, with what it gives; one that does not
 * quote at once, with its name only (its own page prices the purchase).
 */
export function Offers({ ctx, providers, quotes, loading, disabled, onChoose }: OffersProps) {
  const { ListItem, Spinner } = ctx.ui
  const waiting = providers.some((p) => p.quotes) && (loading || quotes.length === 0)
  return (
    <>
      {waiting ? <Spinner label={strings.loadingQuotes} /> : null}
      {providers.map((p) => {
        const quote = quotes.find((q) => q.provider === p.id)?.quote
        if (p.quotes && !quote) return null
        return (
          <ListItem
            key={p.id}
            icon="card"
            label={fill(quote ? strings.buyWith : strings.continueWith, { provider: p.name })}
            description={quote ? quoteText(ctx, quote) : fill(strings.noQuote, { provider: p.name })}
            disabled={disabled}
            onClick={() => onChoose(p.id)}
          />
        )
      })}
    </>
  )
}
