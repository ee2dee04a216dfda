import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useEffect } from 'react'
import {
  buyWith,
  loadOptions,
  loadPurchases,
  type QuoteRequest,
  quoteKey,
  requestQuotes,
} from './controller.ts'
import { Listbox } from './Listbox.tsx'
import { Offers } from './Offers.tsx'
import {
  amountWithin,
  currenciesOn,
  formatMoney,
  methodsOf,
  presetsWithin,
  providerName,
  providersOn,
} from './onramp.ts'
import { buyRestricted } from './restricted.ts'
import { activeEvm, apiOf, onrampStore } from './state.ts'
import { fill, strings } from './strings.ts'
import { useOnrampStyles } from './styles.ts'

/** behaviour §9 default debounce before quoting what was typed. */
const QUOTE_DEBOUNCE_MS = 500

/** Provider ids joined with commas (ids never contain one) back to a list. */
const ids = (joined: string) => (joined ? joined.split(',') : [])

/** Also guarded here, not only in the Buy button: a host can open the view by name. */
export function BuyView(props: PluginViewProps) {
  const { EmptyState } = props.ctx.ui
  if (buyRestricted()) return <EmptyState icon="warning" title={strings.restricted} />
  return <BuyForm {...props} />
}

function BuyForm({ ctx }: PluginViewProps) {
  const { Button, EmptyState, Spinner, Stack, Text, TextField } = ctx.ui
  useOnrampStyles(ctx)
  const store = onrampStore(ctx)
  const state = store.use((s) => s)
  // Primitive selections: a selector returning a new object each time would re-render forever.
  const evmAddress = ctx.useStore((k) => activeEvm(k)?.address)
  const evmChainId = ctx.useStore((k) => activeEvm(k)?.chainId)
  const networkName = ctx.useStore((k) => activeEvm(k)?.networkName)
  const evm =
    evmAddress && evmChainId
      ? { address: evmAddress, chainId: evmChainId, networkName: networkName ?? '' }
      : undefined
  const api = apiOf(ctx)
  const address = evm?.address
  const chainId = evm?.chainId

  const options = state.options
  const providers = options && chainId ? providersOn(options, chainId) : []
  // Strings, not lists: a new array each render would re-run the effects below.
  const providerIds = providers.map((p) => p.id).join(',')
  const quotingIds = providers
    .filter((p) => p.quotes)
    .map((p) => p.id)
    .join(',')

  useEffect(() => {
    void loadOptions(ctx, store)
  }, [ctx, store])
  // Not `options` itself: a store may hand out a new copy on every update.
  const optionsLoaded = options !== undefined
  useEffect(() => {
    if (address && chainId && optionsLoaded)
      void loadPurchases(ctx, store, address, chainId, ids(providerIds))
  }, [ctx, store, address, chainId, optionsLoaded, providerIds])

  const currencies = options
    ? options.fallback
      ? options.purchaseCurrencies
      : currenciesOn(options, chainId ?? '')
    : []
  const currency = currencies.find((c) => c.id === state.currency) ?? currencies[0]
  const fiats = options?.paymentCurrencies.map((c) => c.id) ?? []
  const methods = options ? methodsOf(options, state.fiat) : []
  const method = methods.find((m) => m.id === state.method) ?? methods[0]
  const valid = method !== undefined && amountWithin(state.amount, method.limits)
  const request: QuoteRequest | undefined =
    currency && method && chainId && valid
      ? {
          currency: currency.id,
          fiat: state.fiat,
          method: method.id,
          amount: state.amount.trim(),
          chainId,
          quoting: ids(quotingIds),
        }
      : undefined
  const key = request ? quoteKey(request) : undefined

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for request
  useEffect(() => {
    if (!request) return
    const timer = setTimeout(() => void requestQuotes(ctx, store, request), QUOTE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [ctx, store, key])

  if (!api)
    return (
      <EmptyState icon="warning" title={strings.unavailable} description={strings.unavailableDescription} />
    )
  if (!evm)
    return (
      <EmptyState
        icon="wallet"
        title={
          ctx.getState().networks.activeNamespace === 'eip155' || !ctx.getState().networks.activeNamespace
            ? strings.notConnected
            : strings.evmOnly
        }
      />
    )
  if (!options) return <Spinner label={strings.loadingOptions} />
  if (providers.length === 0)
    return <EmptyState icon="card" title={fill(strings.noProvider, { network: evm.networkName })} />
  if (!currency || !method)
    return <EmptyState icon="card" title={fill(strings.notOnNetwork, { network: evm.networkName })} />

  const setField = (field: 'currency' | 'fiat' | 'method' | 'amount', value: string) =>
    store.update((s) => {
      s[field] = value
    })
  const quotes = state.quotesFor === key ? state.quotes : []
  const money = (amount: number) => formatMoney(amount, state.fiat, ctx.i18n?.formatFiat)
  const amountError = valid
    ? undefined
    : fill(strings.amountRange, {
        min: money(Number(method.limits.min)),
        max: money(Number(method.limits.max)),
      })
  const presets = presetsWithin(method.limits)

  return (
    <Stack gap="m">
      {options.fallback ? (
        <p role="status" className="pt-text-small pt-tone-secondary">
          {strings.sampleOptions}
        </p>
      ) : null}
      <div className="pt-buy-choices">
        <Listbox
          label={strings.token}
          value={currency.id}
          options={currencies.map((c) => ({ value: c.id, label: c.symbol }))}
          onChange={(value) => setField('currency', value)}
        />
        <Listbox
          label={strings.currency}
          value={state.fiat}
          options={fiats.map((f) => ({ value: f, label: f }))}
          onChange={(value) => setField('fiat', value)}
        />
        <Listbox
          label={strings.paymentMethod}
          value={method.id}
          options={methods.map((m) => ({ value: m.id, label: strings.methods[m.id] ?? m.id }))}
          onChange={(value) => setField('method', value)}
        />
      </div>
      <TextField
        label={`${strings.amount} (${state.fiat})`}
        value={state.amount}
        inputMode="decimal"
        onChange={(value) => setField('amount', value)}
        {...(amountError ? { error: amountError } : {})}
      />
      {presets.length > 0 ? (
        <fieldset className="pt-presets">
          <legend className="pt-visually-hidden">{strings.presets}</legend>
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="pt-preset"
              aria-pressed={Number(state.amount) === Number(preset)}
              onClick={() => setField('amount', preset)}
            >
              {money(Number(preset))}
            </button>
          ))}
        </fieldset>
      ) : null}
      <section aria-label={strings.quotes}>
        <Stack gap="xs">
          <Text variant="small" tone="secondary" as="h3">
            {strings.quotes}
          </Text>
          {request ? (
            <Offers
              ctx={ctx}
              providers={providers}
              quotes={quotes}
              loading={state.loadingQuotes}
              disabled={state.opening !== undefined}
              onChoose={(provider) =>
                void buyWith(ctx, store, provider, { ...request, address: evm.address })
              }
            />
          ) : null}
        </Stack>
      </section>
      {state.opening ? (
        <Spinner
          label={fill(strings.opening, {
            provider: providerName(options, state.opening),
          })}
        />
      ) : null}
      {state.opened && !state.opening ? (
        <p role="status" className="pt-text-small">
          {fill(strings.continueIn, {
            provider: providerName(options, state.opened),
            address: ctx.chains.truncateAddress(evm.address),
          })}
        </p>
      ) : null}
      {state.error ? (
        <p role="alert" className="pt-text-small pt-tone-error">
          {state.error}
        </p>
      ) : null}
      <section aria-label={strings.purchases}>
        <Stack gap="xs">
          <Stack direction="row" justify="between" align="center">
            <Text variant="small" tone="secondary" as="h3">
              {strings.purchases}
            </Text>
            <Button
              variant="ghost"
              size="sm"
              loading={state.purchasesStatus === 'loading'}
              onClick={() => void loadPurchases(ctx, store, evm.address, evm.chainId, ids(providerIds))}
            >
              {strings.refreshPurchases}
            </Button>
          </Stack>
          {state.purchasesStatus === 'failed' ? <Text tone="error">{strings.purchasesFailed}</Text> : null}
          {state.purchasesStatus === 'loaded' && state.purchases.length === 0 ? (
            <Text tone="secondary">{strings.noPurchases}</Text>
          ) : null}
          {state.purchases.length > 0 ? (
            <ul className="pt-list" aria-label={strings.purchases}>
              {state.purchases.map(({ provider, item }) => {
                const transfer = item.transfers[0]
                return (
                  <li key={item.id} className="pt-item">
                    {fill(strings.bought, {
                      amount: transfer?.quantity.numeric ?? '',
                      symbol: transfer?.fungible_info?.symbol ?? '',
                      provider: providerName(options, provider),
                    })}
                  </li>
                )
              })}
            </ul>
          ) : null}
        </Stack>
      </section>
    </Stack>
  )
}
