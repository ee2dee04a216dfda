/**
 * behaviour §4 swap flow, steps 1–4: initialise (token list, network token price, balances; native
 * source, amount 1), quote when ready (debounced), the quote's figures, then the allowance check and
 * the approval or swap transaction. Step 5 (sending) is in execute.ts. Views only call these.
 */
import {
  DEFAULT_DEBOUNCE_MS,
  GAS_UNITS_FOR_ESTIMATES,
  MESSAGES,
  type SwapTokenInfo,
  type SwapTransaction,
} from '@portico/shared-types'
import type { EvmHelpers, PluginContext } from '@portico/shared-types/plugin'
import { swapAfterApproval } from './batch.ts'
import { balanceUnits, parsePositive } from './math.ts'
import { canSwap, quotedUnits, quoteView } from './quote.ts'
import { apiOf, gasPrice, nativeBalance } from './reads.ts'
import {
  clearQuote,
  connected,
  isSmartAccount,
  leaveSwap,
  resetState,
  type SwapPluginState,
  type SwapStore,
} from './state.ts'
import {
  balancesByKey,
  isNativeToken,
  myTokensWithBalance,
  popularTokens,
  sanitizeTokens,
  tokenKey,
  withBalances,
} from './tokens.ts'
import { approvalTransaction, swapTransaction } from './transactions.ts'

export type Side = 'source' | 'to'

export interface ControllerOptions {
  debounceMs?: number
}

export type SwapController = ReturnType<typeof createSwapController>

export function createSwapController(ctx: PluginContext, store: SwapStore, options: ControllerOptions = {}) {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS
  /** Bumped by every (re)initialisation and reset: answers for an older one are dropped. */
  let epoch = 0
  /** Bumped by every quote request: only the latest one's answer is used. */
  let quoteSeq = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const api = () => apiOf(ctx)
  const userAddress = () => {
    const { caipNetworkId, address } = store.get()
    return `${caipNetworkId}:${address}`
  }
  const chainIdOf = () => store.get().caipNetworkId?.split(':')[1] ?? ''

  const fail = (message: string, error: unknown, goBack: boolean) => {
    ctx.log.warn(message, error)
    ctx.toast.error(message)
    if (goBack) leaveSwap(ctx)
  }

  /** behaviour §4 step 1. Failure: 'Failed to initialize swap' and back to the previous view. */
  async function initialise(): Promise<void> {
    const { account, network, address } = connected(ctx)
    if (!address || !network || !account) {
      ctx.toast.error(MESSAGES.noAddressToSwap)
      return
    }
    const mine = ++epoch
    clearTimeout(timer)
    resetState(store)
    store.update((draft) => {
      draft.initializing = true
      draft.loadingPrices = true
      draft.caipNetworkId = network.caipNetworkId
      draft.address = address
      draft.networkTokenSymbol = network.nativeCurrency.symbol
      draft.nativeDecimals = network.nativeCurrency.decimals
    })
    try {
      const client = api()
      await client.whenReady()
      const [evm, list] = await Promise.all([ctx.chains.evm(), client.convertTokens(network.caipNetworkId)])
      const tokens = sanitizeTokens(list.tokens, network.caipNetworkId)
      const native = tokens.find((token) => isNativeToken(token.address))
      if (!native) throw new Error('The swap token list has no native token')
      const [prices, balances, price] = await Promise.all([
        client.fetchPrices(tokens.map((token) => token.address)).then(
          ({ fungibles }) => Object.fromEntries(fungibles.map((f) => [tokenKey(f.address), f.price])),
          (error: unknown) => {
            // behaviour §8: the network token price is the one the flow needs; say so, go on without prices.
            ctx.log.warn('token prices failed', error)
            ctx.toast.error(MESSAGES.swapNetworkPriceFailed)
            return undefined
          },
        ),
        client
          .fetchBalances(address, network.caipNetworkId, { forceUpdate: true })
          .catch((error: unknown) => {
            ctx.log.warn('balances failed; using the account’s last ones', error)
            return account.tokenBalance
          }),
        gasPrice(ctx, network.caipNetworkId),
      ])
      const byKey = balancesByKey(balances, network.caipNetworkId)
      const nativeKey = tokenKey(native.address)
      const decimals = network.nativeCurrency.decimals
      const fallback = balanceUnits(evm, byKey.get(nativeKey) ?? account.balance, decimals)
      const wei = await nativeBalance(ctx, address, fallback)
      byKey.set(nativeKey, evm.formatUnits(wei, decimals))
      if (mine !== epoch) return
      const listed = withBalances(tokens, byKey, prices)
      const source = listed.find((token) => tokenKey(token.address) === nativeKey) as SwapTokenInfo
      const networkPrice = prices?.[nativeKey] ?? 0
      store.update((draft) => {
        draft.tokens = listed
        draft.popularTokens = popularTokens(listed)
        draft.myTokensWithBalance = myTokensWithBalance(listed)
        draft.suggestedTokens = popularTokens(listed).slice(0, 4)
        draft.tokensPriceMap = prices ?? {}
        draft.networkPrice = String(networkPrice)
        draft.nativeBalanceWei = wei.toString()
        draft.networkBalanceInUSD = String(Number(evm.formatUnits(wei, decimals)) * networkPrice)
        draft.gasPriceWei = price.toString()
        draft.gasFee = (GAS_UNITS_FOR_ESTIMATES * price).toString()
        draft.sourceToken = source
        draft.sourceTokenPriceInUSD = source.price
        draft.sourceTokenAmount = '1'
        draft.loadingPrices = false
        draft.initializing = false
        draft.initialized = true
      })
      scheduleQuote()
    } catch (error) {
      if (mine !== epoch) return
      store.update((draft) => {
        draft.initializing = false
        draft.loadingPrices = false
        draft.fetchError = true
      })
      fail(MESSAGES.swapInitFailed, error, true)
    }
  }

  /** behaviour §4 step 2: source, destination, a positive amount and prices → a quote (debounced). */
  function ready(evm?: EvmHelpers) {
    const state = store.get()
    if (!state.initialized || state.loadingPrices || !state.sourceToken || !state.toToken) return undefined
    const units = evm ? parsePositive(evm, state.sourceTokenAmount, state.sourceToken.decimals) : 1n
    return canSwap(state.sourceToken, state.toToken, units) ? { state, units: units as bigint } : undefined
  }

  function scheduleQuote(): void {
    clearTimeout(timer)
    const state = store.get()
    if (!state.sourceToken || !state.toToken || !state.initialized) return
    store.update((draft) => {
      draft.loadingQuote = true
    })
    timer = setTimeout(() => void requestQuote(), debounceMs)
  }

  /** behaviour §4 steps 2–3, then step 4's preparation when the balance suffices. */
  async function requestQuote(): Promise<void> {
    clearTimeout(timer)
    const mine = ++quoteSeq
    const evm = await ctx.chains.evm()
    if (mine !== quoteSeq) return
    const current = ready(evm)
    if (!current) {
      store.update((draft) => {
        clearQuote(draft)
        draft.loadingQuote = false
      })
      return
    }
    const { state, units } = current
    const source = state.sourceToken as SwapTokenInfo
    const toToken = state.toToken as SwapTokenInfo
    store.update((draft) => {
      clearQuote(draft)
      draft.loadingQuote = true
    })
    try {
      const response = await api().convertQuotes({
        amount: units.toString(),
        userAddress: userAddress(),
        from: source.address,
        to: toToken.address,
        gasPrice: state.gasPriceWei,
      })
      if (mine !== quoteSeq) return
      const toUnits = quotedUnits(response)
      if (toUnits === undefined) throw new Error('The quote has no destination amount')
      const view = quoteView({
        source,
        toToken,
        sourceUnits: units,
        toUnits,
        sourceBalanceUnits: balanceUnits(evm, source.quantity.numeric, source.decimals),
        nativeBalanceUnits: BigInt(state.nativeBalanceWei),
        nativeDecimals: state.nativeDecimals,
        nativePrice: Number(state.networkPrice),
        gas: GAS_UNITS_FOR_ESTIMATES,
        gasPrice: BigInt(state.gasPriceWei),
        slippage: state.slippage,
        isSmartAccount: isSmartAccount(connected(ctx).account),
      })
      store.update((draft) => {
        Object.assign(draft, view)
        draft.loadingQuote = false
      })
      if (!view.inputError) await prepareTransaction(mine, units)
    } catch (error) {
      if (mine !== quoteSeq) return
      // behaviour §5: a quote without a destination amount: 'Incorrect amount' / 'Please enter a valid amount'.
      ctx.log.warn('no quote', error)
      store.update((draft) => {
        clearQuote(draft)
        draft.incorrectAmount = true
        draft.loadingQuote = false
      })
    }
  }

  /** The swap's network fee (its gas limit, else the standard estimate, at its gas price), native and USD. */
  function swapFee(draft: SwapPluginState, tx: SwapTransaction): void {
    const fee = (tx.gas ?? GAS_UNITS_FOR_ESTIMATES) * tx.gasPrice
    const feeUsd = Number(fee) / 10 ** draft.nativeDecimals
    draft.gasFee = fee.toString()
    draft.gasPriceInUSD = feeUsd * Number(draft.networkPrice)
  }

  /**
   * behaviour §4 step 4: allowance, then the swap transaction, or the approval transaction first (with
   * the swap beside it when the wallet batches atomically: batch.ts).
   */
  async function prepareTransaction(mine: number, units: bigint): Promise<void> {
    const state = store.get()
    const source = state.sourceToken as SwapTokenInfo
    const toToken = state.toToken as SwapTokenInfo
    store.update((draft) => {
      draft.loadingBuildTransaction = true
    })
    const done = () =>
      store.update((draft) => {
        draft.loadingBuildTransaction = false
      })
    let allowance: bigint
    try {
      const answer = await api().convertAllowance({
        tokenAddress: source.address,
        userAddress: userAddress(),
        sourceTokenAmount: state.sourceTokenAmount,
        sourceTokenDecimals: source.decimals,
      })
      allowance = BigInt(answer.allowance)
    } catch (error) {
      if (mine !== quoteSeq) return
      done()
      store.update((draft) => {
        draft.fetchError = true
      })
      return fail(MESSAGES.swapAllowanceFailed, error, true)
    }
    if (mine !== quoteSeq) return
    if (allowance >= units) {
      try {
        const response = await api().convertBuildTransaction({
          amount: units.toString(),
          slippage: state.slippage,
          from: source.address,
          to: toToken.address,
          userAddress: userAddress(),
        })
        if (mine !== quoteSeq) return
        const tx = swapTransaction(
          response,
          source,
          units,
          state.address ?? '',
          chainIdOf(),
          state.toTokenAmount,
        )
        store.update((draft) => {
          draft.swapTransaction = tx
          swapFee(draft, tx)
          draft.loadingBuildTransaction = false
        })
      } catch (error) {
        if (mine !== quoteSeq) return
        done()
        fail(MESSAGES.swapTransactionFailed, error, true)
      }
      return
    }
    try {
      const [response, batched] = await Promise.all([
        api().convertBuildApprove({ userAddress: userAddress(), from: source.address, to: toToken.address }),
        swapAfterApproval(ctx, {
          address: state.address ?? '',
          caipNetworkId: state.caipNetworkId ?? '',
          source,
          toToken,
          units,
          slippage: state.slippage,
          toTokenAmount: state.toTokenAmount,
        }),
      ])
      if (mine !== quoteSeq) return
      const tx = approvalTransaction(response, source, chainIdOf(), state.toTokenAmount)
      store.update((draft) => {
        draft.approvalTransaction = tx
        if (batched) {
          draft.swapTransaction = batched
          draft.batchApproval = true
          swapFee(draft, batched)
        }
        draft.loadingBuildTransaction = false
      })
    } catch (error) {
      if (mine !== quoteSeq) return
      done()
      fail(MESSAGES.swapApprovalFailed, error, false)
    }
  }

  /** behaviour §4: swaps the sides, amount 1 when the destination amount is empty; a new quote. */
  function switchTokens(): void {
    const state = store.get()
    if (state.initializing || !state.initialized) return
    store.update((draft) => {
      const { sourceToken, toToken, toTokenAmount } = draft
      draft.sourceToken = toToken
      draft.toToken = sourceToken
      draft.sourceTokenPriceInUSD = toToken?.price ?? 0
      draft.toTokenPriceInUSD = sourceToken?.price ?? 0
      draft.sourceTokenAmount = toTokenAmount === '' ? '1' : toTokenAmount
      clearQuote(draft)
    })
    void requestQuote()
  }

  function findToken(key: string): SwapTokenInfo | undefined {
    return store.get().tokens?.find((token) => tokenKey(token.address) === tokenKey(key))
  }

  return {
    initialise,
    requestQuote,
    scheduleQuote,
    switchTokens,

    setSourceAmount(value: string): void {
      store.update((draft) => {
        draft.sourceTokenAmount = value.slice(0, 100)
        clearQuote(draft)
      })
      scheduleQuote()
    },

    /** Chooses a token of the list by its CAIP address; the other side's token swaps sides. */
    selectToken(side: Side, address: string): void {
      const token = findToken(address)
      if (!token) return
      const other = side === 'source' ? store.get().toToken : store.get().sourceToken
      if (other && tokenKey(other.address) === tokenKey(token.address)) {
        switchTokens()
        return
      }
      store.update((draft) => {
        if (side === 'source') {
          draft.sourceToken = token
          draft.sourceTokenPriceInUSD = token.price
        } else {
          draft.toToken = token
          draft.toTokenPriceInUSD = token.price
        }
        clearQuote(draft)
      })
      // A pick is one action, not typing: quote at once (the debounce is for the amount).
      void requestQuote()
    },

    /** behaviour §4: clearing a token clears its amount and price. */
    clearToken(side: Side): void {
      clearTimeout(timer)
      quoteSeq++
      store.update((draft) => {
        if (side === 'source') {
          delete draft.sourceToken
          draft.sourceTokenAmount = ''
          draft.sourceTokenPriceInUSD = 0
        } else {
          delete draft.toToken
          draft.toTokenPriceInUSD = 0
        }
        clearQuote(draft)
        draft.loadingQuote = false
      })
    },

    /** behaviour §4: reset restores defaults. */
    reset(): void {
      epoch++
      quoteSeq++
      clearTimeout(timer)
      resetState(store)
    },

    dispose(): void {
      clearTimeout(timer)
    },
  }
}
