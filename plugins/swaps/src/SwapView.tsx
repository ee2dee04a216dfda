import { MESSAGES, type PluginViewProps, type SwapTokenInfo } from '@portico/shared-types'
import { useEffect, useId } from 'react'
import { swapSession } from './session.ts'
import { activeAccount, activeNetwork, SELECT_TOKEN_VIEW, SWAP_VIEW } from './state.ts'
import { useTexts } from './strings.ts'
import { amountError, type ButtonModel, buttonModel, formatPercent, formatUsd } from './viewModel.ts'

export function SwapView({ ctx }: PluginViewProps) {
  const { Button, EmptyState, Icon, Spinner, Stack, Text } = ctx.ui
  const { store, controller, executor } = swapSession(ctx)
  const state = store.use((s) => s)
  const account = ctx.useStore(activeAccount)
  const network = ctx.useStore(activeNetwork)
  const receivedId = useId()
  const strings = useTexts(ctx)
  const address = account?.status === 'connected' ? account.address : undefined
  const caipNetworkId = network?.caipNetworkId
  const hasApi = Boolean(ctx.services.api)

  useEffect(() => {
    if (!address || !caipNetworkId || !hasApi) return
    const current = store.get()
    const same = current.caipNetworkId === caipNetworkId && current.address === address
    if (same && (current.initializing || current.initialized)) return
    void controller.initialise()
  }, [address, caipNetworkId, hasApi, store, controller])

  // Leaving for another view than Select Token ends the session: the next visit re-initialises
  // (fresh token list, prices and balances, behaviour §4 step 1).
  useEffect(
    () => () => {
      queueMicrotask(() => {
        const router = ctx.getState().router
        const top = router?.history.at(-1)?.view
        if (router && top !== SWAP_VIEW && top !== SELECT_TOKEN_VIEW) controller.reset()
      })
    },
    [ctx, controller],
  )

  if (!address) return <EmptyState icon="wallet" title={strings.notConnected} />
  if (!network) return <EmptyState icon="warning" title={strings.evmOnly} />
  if (!hasApi) return <EmptyState icon="warning" title={strings.noApi} />
  if (!state.initialized) return <Spinner label={strings.loading} />

  const { sourceToken, toToken } = state
  const usd = (value: number | undefined) => formatUsd(ctx, value ?? 0, strings.lessThanCent)
  const balance = (token: SwapTokenInfo) =>
    `${ctx.i18n?.formatBalance(token.quantity.numeric) ?? ctx.chains.formatBalance(token.quantity.numeric)} ${token.symbol}`
  const sourceUsd = sourceToken ? Number(state.sourceTokenAmount) * sourceToken.price : 0
  const model: ButtonModel = buttonModel(state, strings)
  const fieldError = amountError(state, strings)
  const onPrimary = () => {
    if (model.action === 'select') ctx.router.push('SwapSelectToken', { side: 'to' })
    else if (model.action === 'approve') void executor.approve()
    else if (model.action === 'swap') void executor.swap()
  }
  const tokenButton = (token: SwapTokenInfo | undefined, side: 'source' | 'to') => (
    <button
      type="button"
      className="pt-item"
      aria-label={
        token
          ? side === 'source'
            ? strings.sourceToken(token.symbol)
            : strings.toToken(token.symbol)
          : side === 'source'
            ? strings.chooseSource
            : strings.chooseTo
      }
      onClick={() => ctx.router.push('SwapSelectToken', { side })}
    >
      {token?.logoUri ? <img src={token.logoUri} alt="" width={28} height={28} /> : null}
      <span className="pt-item-text">
        <span className="pt-item-label">{token ? token.symbol : strings.selectToken}</span>
        {token ? <span className="pt-muted pt-text-small">{strings.balance(balance(token))}</span> : null}
      </span>
      <Icon name="chevronRight" />
    </button>
  )

  const details: [string, string][] = []
  if (state.gasPriceInUSD !== undefined)
    details.push([strings.networkCost, strings.approx(usd(state.gasPriceInUSD))])
  if (state.priceImpact !== undefined) details.push([strings.priceImpact, formatPercent(state.priceImpact)])
  if (state.maxSlippage !== undefined && toToken)
    details.push([strings.maxSlippage, `${state.maxSlippage} ${toToken.symbol} (${state.slippage}%)`])
  if (state.providerFee !== undefined && sourceToken)
    details.push([strings.providerFee, `${state.providerFee} ${sourceToken.symbol}`])

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onPrimary()
      }}
    >
      <Stack gap="m">
        <Stack gap="xs">
          <Text variant="small" tone="secondary" as="h3">
            {strings.youPay}
          </Text>
          {tokenButton(sourceToken, 'source')}
          <ctx.ui.TextField
            label={strings.amount}
            value={state.sourceTokenAmount}
            inputMode="decimal"
            placeholder="0"
            onChange={(value) => controller.setSourceAmount(value)}
            {...(fieldError ? { error: fieldError } : {})}
          />
          {sourceUsd > 0 ? (
            <Text variant="small" tone="secondary">
              {strings.approx(usd(sourceUsd))}
            </Text>
          ) : null}
        </Stack>
        <Button
          variant="secondary"
          icon="swap"
          aria-label={strings.switchTokens}
          disabled={!state.initialized || state.initializing}
          onClick={() => controller.switchTokens()}
        />
        <Stack gap="xs">
          <Text variant="small" tone="secondary" as="h3">
            {strings.youReceive}
          </Text>
          {tokenButton(toToken, 'to')}
          {toToken ? (
            <Button variant="ghost" size="sm" onClick={() => controller.clearToken('to')}>
              {strings.clearTo}
            </Button>
          ) : null}
          <div className="pt-field">
            <label htmlFor={receivedId}>{strings.received}</label>
            <input
              id={receivedId}
              readOnly
              value={state.toTokenAmount}
              placeholder="0"
              aria-busy={state.loadingQuote}
            />
          </div>
          {state.loadingQuote ? <Spinner label={strings.fetchingQuote} /> : null}
        </Stack>
        {details.length > 0 ? (
          <dl className="pt-stack pt-gap-xs" aria-label={strings.details}>
            {details.map(([term, value]) => (
              <div key={term} className="pt-stack pt-gap-xs">
                <dt className="pt-text-small pt-tone-secondary">{term}</dt>
                <dd className="pt-text-body" style={{ margin: 0 }}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {state.inputError ? (
          <p role="alert" className="pt-text-small pt-tone-error">
            {state.inputError}
          </p>
        ) : null}
        {state.incorrectAmount ? (
          <div role="alert" className="pt-text-small pt-tone-error">
            <strong>{MESSAGES.incorrectAmount}</strong> {MESSAGES.enterValidAmount}
          </div>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          fullWidth
          loading={model.loading}
          disabled={model.action === 'none'}
        >
          {model.label}
        </Button>
      </Stack>
    </form>
  )
}
