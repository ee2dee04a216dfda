import type { ChainNamespace, Network } from '@portico/shared-types'
import { revalidation } from '../api/revalidate.ts'
import { NATIVE_BALANCE } from '../chains/nativeBalance.ts'
import { namespaceKind } from '../connectors/kinds.ts'
import type { Kernel } from '../kernel.ts'
import { type CachedNativeBalance, nativeBalanceCache } from './nativeBalanceCache.ts'

/** The reads running per modal, by `caipNetworkId:address`: a read that is not forced joins one. */
const running = new WeakMap<Kernel, Map<string, Promise<void>>>()

/** Writes unless the account or network changed meanwhile. */
function writeBalance(
  kernel: Kernel,
  namespace: ChainNamespace,
  network: Network,
  address: string,
  value: CachedNativeBalance,
) {
  kernel.store.update((draft) => {
    const slice = draft.accounts[namespace]
    const current = draft.networks.byNamespace[namespace]?.caipNetwork
    if (!slice || slice.address !== address || current?.caipNetworkId !== network.caipNetworkId) return
    slice.balance = value.balance
    slice.balanceSymbol = value.symbol
  })
}

const setLoading = (kernel: Kernel, namespace: ChainNamespace, loading: boolean) =>
  kernel.store.update((draft) => {
    const slice = draft.accounts[namespace]
    if (slice) slice.balanceLoading = loading
  })

/**
 * The native balance of the connected account of `namespace` on the active network. behaviour §9
 * stale-while-revalidate: a cached balance (30 s) shows at once and is read again from the network's
 * RPC when older than BALANCE_FRESH_MS; `force` (after the app's own request, or a view that needs the
 * truth) always reads.
 */
export async function refreshNativeBalance(
  kernel: Kernel,
  namespace: ChainNamespace,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const state = kernel.store.get()
  const account = state.accounts[namespace]
  const network = state.networks.byNamespace[namespace]?.caipNetwork
  // A kind may read it itself (bip122: through the blockchain API), else the chain's RPC does.
  const reader = namespaceKind(kernel, namespace, 'readBalance')?.readBalance
  const read = reader ? (n: Network, a: string) => reader(kernel, n, a) : NATIVE_BALANCE[namespace]
  if (!account?.address || !network || !read || network.rpcUrls.default.http.length === 0) return
  const address = account.address
  const key = `${network.caipNetworkId}:${address}`
  const cache = nativeBalanceCache(kernel)
  const plan = revalidation(cache.entry(key), force)
  if (plan.show) writeBalance(kernel, namespace, network, address, plan.show)
  if (!plan.read) return
  const reads = running.get(kernel) ?? new Map<string, Promise<void>>()
  running.set(kernel, reads)
  const joined = reads.get(key)
  if (joined && !force) return joined
  const done = (async () => {
    setLoading(kernel, namespace, true)
    try {
      const value = { balance: await read(network, address), symbol: network.nativeCurrency.symbol }
      cache.set(key, value)
      writeBalance(kernel, namespace, network, address, value)
    } catch (error) {
      kernel.log.error(`Portico: could not read the balance on ${network.name}`, error)
      kernel.store.update((draft) => {
        const slice = draft.accounts[namespace]
        if (slice && slice.address === address) delete slice.balance
      })
    } finally {
      setLoading(kernel, namespace, false)
    }
  })().finally(() => {
    if (reads.get(key) === done) reads.delete(key)
  })
  reads.set(key, done)
  return done
}
