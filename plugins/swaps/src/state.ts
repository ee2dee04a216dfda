/** The swap plugin's own store (behaviour §3 swap state plus what the flow needs to know), one per modal. */
import {
  type AccountState,
  type KernelState,
  type Network,
  SWAP_SLIPPAGE_TOLERANCE,
  type SwapState,
} from '@portico/shared-types'
import type { PluginContext, PluginStore } from '@portico/shared-types/plugin'

export interface SwapPluginState extends SwapState {
  /** The network and address the state was initialised for; another one re-initialises. */
  caipNetworkId?: string
  address?: string
  /** Gas price (wei, decimal string) of the network, for quotes and the gas estimate. */
  gasPriceWei: string
  /** Native balance in wei (decimal string), read from the wallet's node. */
  nativeBalanceWei: string
  /** Network token decimals. */
  nativeDecimals: number
  /** behaviour §5: the last quote had no destination amount ('Incorrect amount'). */
  incorrectAmount: boolean
  /**
   * The approval and the swap were built to go together, as one atomic batch (batch.ts): one press
   * sends both. False: the approval goes first, then a re-quote, then the swap.
   */
  batchApproval: boolean
}

export const initialSwapState = (): SwapPluginState => ({
  initializing: false,
  initialized: false,
  loadingPrices: false,
  loadingQuote: false,
  loadingApprovalTransaction: false,
  loadingBuildTransaction: false,
  loadingTransaction: false,
  fetchError: false,
  sourceTokenAmount: '',
  toTokenAmount: '',
  sourceTokenPriceInUSD: 0,
  toTokenPriceInUSD: 0,
  networkPrice: '0',
  networkBalanceInUSD: '0',
  networkTokenSymbol: '',
  slippage: SWAP_SLIPPAGE_TOLERANCE,
  gasFee: '0',
  tokensPriceMap: {},
  gasPriceWei: '0',
  nativeBalanceWei: '0',
  nativeDecimals: 18,
  incorrectAmount: false,
  batchApproval: false,
})

export type SwapStore = PluginStore<SwapPluginState>

/** Drops the last quote and everything derived from it. */
export const clearQuote = (draft: SwapPluginState): void => {
  draft.toTokenAmount = ''
  draft.incorrectAmount = false
  draft.batchApproval = false
  delete draft.inputError
  delete draft.approvalTransaction
  delete draft.swapTransaction
  delete draft.gasPriceInUSD
  delete draft.priceImpact
  delete draft.maxSlippage
  delete draft.providerFee
}

/** Replaces the whole state with the defaults (behaviour §4: reset restores defaults). */
export function resetState(store: SwapStore): void {
  store.update((draft) => {
    for (const key of Object.keys(draft))
      delete (draft as Partial<SwapPluginState>)[key as keyof SwapPluginState]
    Object.assign(draft, initialSwapState())
  })
}

export const activeAccount = (state: KernelState): AccountState | undefined => state.accounts.eip155

export const activeNetwork = (state: KernelState): Network | undefined =>
  state.networks.activeNamespace === 'eip155' ? state.networks.byNamespace.eip155?.caipNetwork : undefined

/** The connected eip155 address and its network, when there are both. */
export function connected(ctx: PluginContext) {
  const state = ctx.getState()
  const account = activeAccount(state)
  const network = activeNetwork(state)
  const address = account?.status === 'connected' ? account.address : undefined
  return { account, network, address }
}

/** behaviour §5: smart accounts are never short of gas. */
export function isSmartAccount(account: AccountState | undefined): boolean {
  if (!account) return false
  const address = account.address?.toLowerCase()
  return (
    account.allAccounts.some(
      (entry) => entry.address.toLowerCase() === address && entry.type === 'smartAccount',
    ) ||
    (account.connectedWalletInfo?.type === 'AUTH' && account.preferredAccountType === 'smartAccount')
  )
}

export const SWAP_VIEW = 'Swap'
export const SELECT_TOKEN_VIEW = 'SwapSelectToken'

/**
 * behaviour §2: a failure goes back to the view before Swap. Only while a swap view is on top: a visitor
 * who already left (Back while it loaded) is not sent one view further back (or out of the modal).
 */
export function leaveSwap(ctx: PluginContext): void {
  const top = () => ctx.getState().router?.history.at(-1)?.view
  // A kernel state without a router slice (a test kit) has no view to check.
  if (!ctx.getState().router) {
    ctx.router.goBack()
    return
  }
  if (top() === SELECT_TOKEN_VIEW) ctx.router.goBack()
  if (top() === SWAP_VIEW) ctx.router.goBack()
}
