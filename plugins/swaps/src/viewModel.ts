/** What the Swap view's primary button does and says, and display formatting: plain functions. */
import { MESSAGES } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import type { SwapPluginState } from './state.ts'
import type { Texts } from './strings.ts'

export interface ButtonModel {
  label: string
  action: 'select' | 'approve' | 'swap' | 'none'
  loading: boolean
}

const DECIMAL = /^\s*(\d+\.?\d*|\.\d+)\s*$/

/**
 * The primary button for the state: choose a token, approve, swap (approval and swap in one batch
 * when both are built), or why it cannot (disabled).
 */
export function buttonModel(state: SwapPluginState, strings: Texts): ButtonModel {
  const none = (label: string, loading = false): ButtonModel => ({ label, action: 'none', loading })
  if (!state.toToken || !state.sourceToken)
    return { label: strings.selectToken, action: 'select', loading: false }
  if (!DECIMAL.test(state.sourceTokenAmount) || Number(state.sourceTokenAmount) <= 0)
    return none(strings.enterAmount)
  if (state.inputError) return none(state.inputError)
  if (state.incorrectAmount) return none(MESSAGES.incorrectAmount)
  if (state.loadingQuote) return none(strings.fetchingQuote, true)
  if (state.loadingBuildTransaction) return none(strings.preparing, true)
  // Approval and swap built together: the wallet batches them (batch.ts), one press sends both.
  if (state.batchApproval && state.approvalTransaction && state.swapTransaction)
    return { label: strings.swap, action: 'swap', loading: state.loadingTransaction }
  if (state.approvalTransaction)
    return {
      label: strings.approve(state.sourceToken.symbol),
      action: 'approve',
      loading: state.loadingApprovalTransaction,
    }
  if (state.swapTransaction) return { label: strings.swap, action: 'swap', loading: state.loadingTransaction }
  return none(strings.swap)
}

/** The amount field's error: not a plain positive decimal, or finer than the source token allows. */
export function amountError(state: SwapPluginState, strings: Texts): string | undefined {
  const amount = state.sourceTokenAmount
  if (amount.trim() === '') return undefined
  if (!DECIMAL.test(amount) || Number(amount) <= 0) return MESSAGES.enterValidAmount
  const decimals = state.sourceToken?.decimals
  const fraction = amount.trim().split('.')[1]?.replace(/0+$/, '') ?? ''
  if (decimals !== undefined && fraction.length > decimals)
    return strings.tooManyDecimals(state.sourceToken?.symbol ?? '', decimals)
  return undefined
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

/** behaviour §5 fiat with 2 decimals; a positive amount under a cent shows as "< $0.01". */
export function formatUsd(ctx: PluginContext, value: number, lessThanCent: string): string {
  if (value > 0 && value < 0.01) return lessThanCent
  const safe = Number.isFinite(value) ? value : 0
  return ctx.i18n ? ctx.i18n.formatFiat(safe, 'USD') : usd.format(safe)
}

/** Price impact with 2 decimals; a gain (negative impact) shows as 0. */
export const formatPercent = (value: number): string => `${Math.max(value, 0).toFixed(2)}%`
