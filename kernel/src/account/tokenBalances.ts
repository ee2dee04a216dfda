import { type CaipNetworkId, type ChainNamespace, MESSAGES, type TokenBalance } from '@portico/shared-types'
import type { ToastApi } from '@portico/shared-types/plugin'
import { createBalanceFetcher } from '../api/balances.ts'
import { revalidation } from '../api/revalidate.ts'
import type { Kernel } from '../kernel.ts'
import { gatedProvider } from '../requests/pipeline.ts'
import { refreshNativeBalance } from './balance.ts'
import { createIdentityLoader } from './identity.ts'

/** behaviour §9: balance chains are eip155 and solana; bip122 too (the blockchain API reads the node). */
const BALANCE_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

export interface TokenBalances {
  /**
   * Reads the active account's token balances on the active network into `tokenBalance`.
   * A cached answer (30 s) shows at once and is read again when older than BALANCE_FRESH_MS;
   * `force` reads past the cache (after a send, or a view that needs the truth). Never throws; a failure keeps the last list,
   * stores `lastRetry` and shows the toast 'Token Balance Unavailable' (behaviour §4).
   */
  refresh(options?: { force?: boolean }): Promise<void>
}

interface Target {
  namespace: ChainNamespace
  address: string
  caipNetworkId: CaipNetworkId
  key: string
}

function activeTarget(kernel: Kernel): Target | undefined {
  const state = kernel.store.get()
  const namespace = state.networks.activeNamespace
  const account = namespace ? state.accounts[namespace] : undefined
  const network = namespace ? state.networks.byNamespace[namespace]?.caipNetwork : undefined
  if (!namespace || !network || account?.status !== 'connected' || !account.address) return undefined
  const { address } = account
  const caipNetworkId = network.caipNetworkId
  return { namespace, address, caipNetworkId, key: `${caipNetworkId}:${address.toLowerCase()}` }
}

const setBalanceLoading = (kernel: Kernel, namespace: ChainNamespace, loading: boolean) =>
  kernel.store.update((draft) => {
    const slice = draft.accounts[namespace]
    if (slice) slice.balanceLoading = loading
  })

export function createTokenBalances(kernel: Kernel, toast: Pick<ToastApi, 'error'>): TokenBalances {
  const api = kernel.api
  const fetcher = api
    ? createBalanceFetcher({
        api: {
          fetchBalances: api.fetchBalances,
          cachedBalances: api.cachedBalances,
          isSupportedNetwork: (id: string | undefined) => id !== undefined && api.isSupportedNetwork(id),
        },
        onUnavailable: (error) => {
          if (error) kernel.log.warn('Portico: token balances unavailable', error)
          toast.error(MESSAGES.tokenBalanceUnavailable)
        },
      })
    : undefined
  let listedFor: string | undefined
  /** The account and network the unsupported-network toast was shown for (once, not on every refresh). */
  let unsupportedFor: string | undefined
  let inFlight: { key: string; force: boolean; done: Promise<void> } | undefined
  /** Whether the wallet reported asset discovery, per network and account (behaviour §7 Wallet assets). */
  const assetDiscovery = new Map<string, boolean>()

  /** The eip155 wallet's own asset list when it reports asset discovery; else undefined. */
  async function fromWallet(target: Target) {
    const provider = target.namespace === 'eip155' ? gatedProvider(kernel, 'eip155') : undefined
    if (!provider) return undefined
    const { readWalletAssets } = await import(/* webpackChunkName: "wallet-assets" */ './walletAssets.ts')
    return readWalletAssets(
      (args) => provider.request(args),
      target.address,
      target.caipNetworkId,
      assetDiscovery,
      (message) => kernel.log.warn('Portico: wallet asset dropped:', message),
    )
  }

  /**
   * behaviour §7: when the balance service cannot answer (no API, network not supported, fetch failed),
   * the ERC-20 tokens the app configured on the eip155 network are read from the chain through
   * Multicall3 (lazy chunk). Writes and returns true when it read a list; a failed read is logged.
   */
  async function fromChain(target: Target, lastRetry?: number): Promise<boolean> {
    const network = kernel.store.get().networks.byNamespace[target.namespace]?.caipNetwork
    if (!network?.tokens?.length || network.caipNetworkId !== target.caipNetworkId) return false
    const tokens = await import(/* webpackChunkName: "erc20-multicall" */ '../chains/erc20Multicall.ts')
      .then((m) =>
        m.readNetworkErc20Balances(network, target.address, (message) =>
          kernel.log.warn('Portico: token dropped:', message),
        ),
      )
      .catch((error: unknown) => kernel.log.warn('Portico: on-chain token balances unavailable', error))
    if (!tokens) return false
    write(target, (slice) => {
      slice.tokenBalance = tokens
      if (lastRetry === undefined) delete slice.lastRetry
      else slice.lastRetry = lastRetry
    })
    return true
  }

  const write = (
    target: Target,
    recipe: (slice: { tokenBalance: TokenBalance[]; lastRetry?: number }) => void,
  ) =>
    kernel.store.update((draft) => {
      const slice = draft.accounts[target.namespace]
      const network = draft.networks.byNamespace[target.namespace]?.caipNetwork
      // The account or network may have changed while the request was in flight.
      if (!slice || network?.caipNetworkId !== target.caipNetworkId) return
      if (slice.address?.toLowerCase() !== target.address.toLowerCase()) return
      recipe(slice)
    })

  async function load(target: Target, force: boolean): Promise<void> {
    // behaviour §9 stale-while-revalidate: the balance service's cached answer shows at once and is
    // read again unless it is fresh; `force` reads past it.
    const plan = revalidation(fetcher?.cached(target.address, target.caipNetworkId), force)
    const cached = plan.show
    if (cached)
      write(target, (slice) => {
        slice.tokenBalance = cached
      })
    if (!plan.read) return
    // A chunk that fails to load or a wallet that throws: the balance service answers instead.
    const assets = await fromWallet(target).catch(() => undefined)
    if (assets) {
      write(target, (slice) => {
        slice.tokenBalance = assets
        delete slice.lastRetry
      })
      return
    }
    if (!api || !fetcher) return void (await fromChain(target))
    await api.whenReady()
    const supported = api.isSupportedNetwork(target.caipNetworkId)
    if (!supported) {
      if (unsupportedFor === target.key) return void (await fromChain(target))
      unsupportedFor = target.key
    } else if (unsupportedFor === target.key) unsupportedFor = undefined
    // behaviour §4 balance fetch: loading on while the read runs (the fetcher never throws).
    setBalanceLoading(kernel, target.namespace, true)
    const balances = await fetcher
      // The cache was consulted above: this read is the revalidation.
      .fetch(target.address, target.caipNetworkId, { forceUpdate: true })
      .finally(() => setBalanceLoading(kernel, target.namespace, false))
    const lastRetry = fetcher.lastRetry()
    if ((!supported || lastRetry !== undefined) && (await fromChain(target, lastRetry))) return
    write(target, (slice) => {
      if (lastRetry === undefined) {
        slice.tokenBalance = balances
        delete slice.lastRetry
      } else {
        // Failed or inside the 30 s retry block: keep what this account already shows.
        slice.lastRetry = lastRetry
      }
    })
  }

  return {
    async refresh({ force = false } = {}) {
      const target = activeTarget(kernel)
      if (!target) {
        listedFor = undefined
        assetDiscovery.clear()
        return
      }
      if (listedFor !== target.key) {
        // Another account or network: the previous list must not show while the new one loads.
        listedFor = target.key
        unsupportedFor = undefined
        write(target, (slice) => {
          slice.tokenBalance = []
        })
      }
      if (!BALANCE_NAMESPACES.includes(target.namespace)) return
      if (inFlight && inFlight.key === target.key && (inFlight.force || !force)) return inFlight.done
      const done = load(target, force).finally(() => {
        if (inFlight?.done === done) inFlight = undefined
      })
      inFlight = { key: target.key, force, done }
      return done
    },
  }
}

export interface AccountData {
  /** Native and token balances (past their cache when forced) and identity of the active account. */
  refresh(options?: { force?: boolean }): Promise<void>
  dispose(): void
}

/**
 * Keeps the Account view's data current: balances and identity are read on connect, on an account or
 * network change and when the modal opens (cached answers first, see refreshNativeBalance and
 * TokenBalances), and when asked (after a send).
 */
export function startAccountData(kernel: Kernel, toast: Pick<ToastApi, 'error'>): AccountData {
  const tokens = createTokenBalances(kernel, toast)
  const identity = createIdentityLoader(kernel)
  const native = (options?: { force?: boolean }) => {
    const namespace = kernel.store.get().networks.activeNamespace
    return namespace ? refreshNativeBalance(kernel, namespace, options) : undefined
  }
  const refresh = async (options?: { force?: boolean }) => {
    await Promise.all([native(options), tokens.refresh(options), identity.refresh()])
  }
  // A connect emits NETWORK_CHANGED and ACCOUNT_CHANGED together: one read for both.
  let scheduled = false
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    queueMicrotask(() => {
      scheduled = false
      void refresh()
    })
  }
  const events = ['ACCOUNT_CHANGED', 'NETWORK_CHANGED', 'MODAL_OPEN'] as const
  for (const event of events) kernel.bus.on(event, schedule)
  return {
    refresh,
    dispose: () => {
      for (const event of events) kernel.bus.off(event, schedule)
    },
  }
}
