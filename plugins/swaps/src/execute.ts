/**
 * behaviour §4 steps 4–5: send the approval (then re-quote and rebuild), send the swap; the §8 loading,
 * success and error messages, the SWAP_* events with their properties, back to Account and balances
 * refreshed. Every wallet request goes through ctx.account.provider() (the kernel's pipeline).
 */
import { MESSAGES, type SwapEventProperties } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import type { SwapController } from './controller.ts'
import { connected, isSmartAccount, type SwapPluginState, type SwapStore } from './state.ts'
import { texts } from './strings.ts'
import { walletRequest } from './transactions.ts'

/** A wallet's error message as shown (bounded), else behaviour §8 'Transaction error'. */
export function walletErrorMessage(error: unknown): string {
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

/** Polls for the receipt (up to about a minute): true when the transaction succeeded. */
export async function waitForSuccess(ctx: PluginContext, hash: string, intervalMs = 250): Promise<boolean> {
  const provider = ctx.account.provider('eip155')
  for (let attempt = 0; provider && attempt < 120; attempt++) {
    try {
      const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
        status?: string
      } | null
      if (receipt) return receipt.status === '0x1'
    } catch (error) {
      ctx.log.warn('could not read the receipt', error)
    }
    await new Promise((resolve) => setTimeout(resolve, attempt < 20 ? intervalMs : 1_000))
  }
  return false
}

async function sendTransaction(
  ctx: PluginContext,
  params: ReturnType<typeof walletRequest>,
): Promise<string> {
  const provider = ctx.account.provider('eip155')
  if (!provider) throw new Error(MESSAGES.noAddressToSwap)
  const hash = await provider.request({ method: 'eth_sendTransaction', params: [params] })
  if (typeof hash !== 'string' || !/^0x[\da-fA-F]{64}$/.test(hash)) throw new Error(MESSAGES.transactionError)
  return hash
}

export interface ExecuteOptions {
  receiptIntervalMs?: number
}

/** Sends what the state holds: the approval when one is needed, else the swap. */
export function createExecutor(
  ctx: PluginContext,
  store: SwapStore,
  controller: SwapController,
  options: ExecuteOptions = {},
) {
  const wait = (hash: string) => waitForSuccess(ctx, hash, options.receiptIntervalMs)

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
      const hash = await sendTransaction(ctx, walletRequest(state.address, tx))
      if (!(await wait(hash))) throw new Error(MESSAGES.transactionError)
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
    ctx.toast.loading(MESSAGES.confirmTransaction)
    try {
      const hash = await sendTransaction(ctx, walletRequest(state.address, tx))
      ctx.toast.loading(texts(ctx).swapping(from, to))
      if (!(await wait(hash))) throw new Error(MESSAGES.transactionError)
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
