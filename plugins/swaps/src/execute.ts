/**
 * behaviour §4 steps 4–5: send the approval (then re-quote and rebuild), send the swap, or both in one
 * atomic batch when the wallet can; the §8 loading, success and error messages, the SWAP_* events with
 * their properties, back to Account and balances refreshed. Every wallet request goes through
 * ctx.account.provider() (the kernel's pipeline), sent by sendCalls (@portico/shared-types/plugin).
 */
import { MESSAGES, type SwapEventProperties, type SwapTransaction } from '@portico/shared-types'
import {
  type PluginContext,
  type PollTiming,
  sendCalls,
  WalletAnswerError,
} from '@portico/shared-types/plugin'
import type { SwapController } from './controller.ts'
import { connected, isSmartAccount, type SwapPluginState, type SwapStore } from './state.ts'
import { texts } from './strings.ts'
import { walletCall } from './transactions.ts'

/**
 * A wallet's error message as shown (bounded), else behaviour §8 'Transaction error' (also for an
 * answer that was not what the method returns).
 */
export function walletErrorMessage(error: unknown): string {
  if (error instanceof WalletAnswerError) return MESSAGES.transactionError
  const message =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null && typeof (error as Error).message === 'string'
        ? (error as Error).message
        : ''
  const text = message.trim().split('\n')[0] ?? ''
  return text ? text.slice(0, 200) : MESSAGES.transactionError
}

/** behaviour §7 analytics properties of a swap event. */
export function swapEventProperties(
  ctx: PluginContext,
  state: SwapPluginState,
  message?: string,
): SwapEventProperties {
  return {
    network: state.caipNetworkId ?? '',
    swapFromToken: state.sourceToken?.symbol ?? '',
    swapToToken: state.toToken?.symbol ?? '',
    swapFromAmount: state.sourceTokenAmount,
    swapToAmount: state.toTokenAmount,
    isSmartAccount: isSmartAccount(connected(ctx).account),
    ...(message === undefined ? {} : { message }),
  }
}

/** behaviour §9: the success text shows 3 decimals (floored, the locale's grouping). */
export function amountText(ctx: PluginContext, amount: string, symbol: string): string {
  const format = ctx.i18n?.formatBalance ?? ctx.chains.formatBalance
  return `${format(amount)} ${symbol}`
}

/**
 * Sends `transactions` the shared way (sendCalls: one atomic batch when the wallet can, the app's
 * paymaster when configured and supported, else one after the other) and waits for the outcome. Runs
 * `accepted` once the wallet took the request. True when every call succeeded on chain.
 */
async function sendAndWait(
  ctx: PluginContext,
  state: SwapPluginState,
  transactions: SwapTransaction[],
  timing: PollTiming,
  accepted: () => void = () => {},
): Promise<boolean> {
  const provider = ctx.account.provider('eip155')
  if (!provider || !state.address || !state.caipNetworkId) throw new Error(MESSAGES.noAddressToSwap)
  const sent = await sendCalls({
    provider,
    network: state.caipNetworkId,
    from: state.address,
    calls: transactions.map(walletCall),
    paymasterServices: ctx.config.paymasterServices,
    timing,
  })
  accepted()
  return (await sent.outcome).status === 'success'
}

export interface ExecuteOptions {
  /** The first receipt or batch-status polls' interval (tests make it short). */
  receiptIntervalMs?: number
}

/**
 * Sends what the state holds: the approval when one is needed, else the swap, or both as one batch when
 * they were built together (batch.ts).
 */
export function createExecutor(
  ctx: PluginContext,
  store: SwapStore,
  controller: SwapController,
  options: ExecuteOptions = {},
) {
  const timing: PollTiming =
    options.receiptIntervalMs === undefined ? {} : { fastIntervalMs: options.receiptIntervalMs }

  async function approve(): Promise<void> {
    const state = store.get()
    const tx = state.approvalTransaction
    if (!tx || !state.address || state.loadingApprovalTransaction) return
    store.update((draft) => {
      draft.loadingApprovalTransaction = true
      delete draft.transactionError
    })
    ctx.toast.loading(MESSAGES.approveLimitIncrease)
    try {
      if (!(await sendAndWait(ctx, state, [tx], timing))) throw new Error(MESSAGES.transactionError)
      store.update((draft) => {
        delete draft.approvalTransaction
        draft.loadingApprovalTransaction = false
      })
      ctx.toast.success(texts(ctx).approved(state.sourceToken?.symbol ?? ''))
      // behaviour §4 step 4: re-quote and rebuild (now the allowance suffices: the swap transaction).
      await controller.requestQuote()
    } catch (error) {
      const message = walletErrorMessage(error)
      ctx.log.warn('the approval failed', error)
      store.update((draft) => {
        draft.loadingApprovalTransaction = false
        draft.transactionError = message
      })
      ctx.toast.error(message)
      ctx.events.emit('SWAP_APPROVAL_ERROR', swapEventProperties(ctx, store.get(), message))
    }
  }

  async function swap(): Promise<void> {
    const state = store.get()
    const tx = state.swapTransaction
    const { sourceToken, toToken } = state
    if (!tx || !state.address || !sourceToken || !toToken || state.loadingTransaction) return
    store.update((draft) => {
      draft.loadingTransaction = true
      delete draft.transactionError
    })
    const from = amountText(ctx, state.sourceTokenAmount, sourceToken.symbol)
    const to = amountText(ctx, state.toTokenAmount, toToken.symbol)
    // An approval built beside the swap goes with it, first, in the same batch.
    const transactions =
      state.batchApproval && state.approvalTransaction ? [state.approvalTransaction, tx] : [tx]
    ctx.toast.loading(MESSAGES.confirmTransaction)
    try {
      const succeeded = await sendAndWait(ctx, state, transactions, timing, () =>
        ctx.toast.loading(texts(ctx).swapping(from, to)),
      )
      if (!succeeded) throw new Error(MESSAGES.transactionError)
      ctx.toast.success(texts(ctx).swapped(from, to))
      ctx.events.emit('SWAP_SUCCESS', swapEventProperties(ctx, state))
      controller.reset()
      ctx.router.reset('Account')
      await ctx.account.refreshBalance()
    } catch (error) {
      const message = walletErrorMessage(error)
      ctx.log.warn('the swap failed', error)
      store.update((draft) => {
        draft.loadingTransaction = false
        draft.transactionError = message
      })
      ctx.toast.error(message)
      ctx.events.emit('SWAP_ERROR', swapEventProperties(ctx, store.get(), message))
    }
  }

  return { approve, swap }
}
