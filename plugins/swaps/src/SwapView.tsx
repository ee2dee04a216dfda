import { MESSAGES, type SwapTokenInfo } from '@portico/shared-types'
import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useEffect } from 'react'
import { SwapDetails } from './SwapDetails.tsx'
import { SwapPanel, TokenButton } from './SwapPanel.tsx'
import { swapSession } from './session.ts'
import { activeAccount, activeNetwork, SELECT_TOKEN_VIEW, SWAP_VIEW } from './state.ts'
import { useTexts } from './strings.ts'
import { useSwapStyles } from './styles.ts'
import { amountError, type ButtonModel, buttonModel, formatPercent, formatUsd } from './viewModel.ts'

export function SwapView({ ctx }: PluginViewProps) {
  const { Button, EmptyState, Icon, Spinner } = ctx.ui
  useSwapStyles(ctx)
  const { store, controller, executor } = swapSession(ctx)
  const state = store.use((s) => s)
  const account = ctx.useStore(activeAccount)
  const network = ctx.useStore(activeNetwork)
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
  // (fresh token list, prices and balances, behaviour §4 step 1). A view pushed over Swap while the
  // modal stays open (the kernel's transaction preview of the approval, a wallet's approval view) is
  // not leaving: Back returns to the same swap, re-quoted after its approval.
  useEffect(
    () => () => {
      queueMicrotask(() => {
        const { router, modal } = ctx.getState()
        const top = router?.history.at(-1)?.view
        const underneath = modal?.open === true && router?.history.some((entry) => entry.view === SWAP_VIEW)
        if (router && top !== SWAP_VIEW && top !== SELECT_TOKEN_VIEW && !underneath) controller.reset()
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
  // A fiat value only where the token has a price (unlisted tokens have none).
  const fiat = (token: SwapTokenInfo | undefined, amount: string) => {
    const value = token ? Number(amount) * token.price : 0
    return Number.isFinite(value) && value > 0 ? strings.approx(usd(value)) : undefined
  }
  const model: ButtonModel = buttonModel(state, strings)
  const fieldError = amountError(state, strings)
  const onPrimary = () => {
    if (model.action === 'select') ctx.router.push('SwapSelectToken', { side: 'to' })
    else if (model.action === 'approve') void executor.approve()
    else if (model.action === 'swap') void executor.swap()
  }
  const tokenName = (token: SwapTokenInfo, name: (symbol: string) => string) =>
    token.verified === false ? name(strings.unverifiedToken(token.symbol)) : name(token.symbol)
  const tokenButton = (token: SwapTokenInfo | undefined, side: 'source' | 'to') => (
    <TokenButton
      ctx={ctx}
      token={token}
      label={
        token
          ? tokenName(token, side === 'source' ? strings.sourceToken : strings.toToken)
          : side === 'source'
            ? strings.chooseSource
            : strings.chooseTo
      }
      placeholder={strings.selectToken}
      unverified={strings.unverified}
      onClick={() => ctx.router.push('SwapSelectToken', { side })}
    />
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
      className="pt-swap"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onPrimary()
      }}
    >
      <SwapPanel
        heading={strings.youPay}
        amountLabel={strings.amount}
        amount={state.sourceTokenAmount}
        onAmount={(value) => controller.setSourceAmount(value)}
        token={tokenButton(sourceToken, 'source')}
        {...optional('error', fieldError)}
        {...optional('fiat', fiat(sourceToken, state.sourceTokenAmount))}
        {...optional('balance', sourceToken && strings.balance(balance(sourceToken)))}
      />
      <div className="pt-swap-switch">
        <Button
          variant="secondary"
          icon="swap"
          aria-label={strings.switchTokens}
          disabled={!state.initialized || state.initializing}
          onClick={() => controller.switchTokens()}
        />
      </div>
      <SwapPanel
        heading={strings.youReceive}
        amountLabel={strings.received}
        amount={state.toTokenAmount}
        busy={state.loadingQuote}
        token={
          <>
            {tokenButton(toToken, 'to')}
            {toToken ? (
              <button
                type="button"
                className="pt-swap-clear"
                aria-label={strings.clearTo}
                onClick={() => controller.clearToken('to')}
              >
                <Icon name="close" size={16} />
              </button>
            ) : null}
          </>
        }
        {...optional('fiat', fiat(toToken, state.toTokenAmount))}
        {...optional('balance', toToken && strings.balance(balance(toToken)))}
      >
        {state.loadingQuote ? <Spinner label={strings.fetchingQuote} /> : null}
      </SwapPanel>
      <SwapDetails ctx={ctx} label={strings.details} rows={details} />
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
      <div className="pt-swap-footer">
        <Button
          type="submit"
          variant="primary"
          size="lg"
          fullWidth
          loading={model.loading}
          disabled={model.action === 'none'}
        >
          {model.label}
        </Button>
      </div>
    </form>
  )
}

/** `{ [key]: value }` when there is a value, else nothing (optional props stay absent, not undefined). */
function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {}
}
