/**
 * Wallet Standard discovery (DESIGN §1 connectors/): wallets registered on the page through
 * `wallet-standard:register-wallet` / `wallet-standard:app-ready` (@wallet-standard/app's
 * getWallets) become connectors. A wallet with `standard:connect` and a `solana:` chain is a Solana
 * connector (type ANNOUNCED, chain 'solana'), offered when the app requests a Solana network.
 */
import type { Connector, Eip1193Provider } from '@portico/shared-types'
import { getWallets, type Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { loadBitcoin } from '../account/bitcoinLoader.ts'
import { loadSolanaProvider, loadSolanaSession } from '../account/solanaLoader.ts'
import { caipNetworkIdOfWalletChain, isSolanaChain } from '../chains/solana.ts'
import type { Kernel } from '../kernel.ts'

export const WALLET_STANDARD_ID_PREFIX = 'walletStandard:'

/** What discovery needs of @wallet-standard/app (tests pass their own registry). */
export type WalletStandardRegistry = Pick<Wallets, 'get' | 'on'>

/** Live Wallet Standard wallets by connector id, per modal (objects with behaviour stay out of the store). */
const walletsByKernel = new WeakMap<Kernel, Map<string, Wallet>>()

export const solanaConnectorId = (wallet: Pick<Wallet, 'name'>): string =>
  `${WALLET_STANDARD_ID_PREFIX}solana:${wallet.name}`

export const isWalletStandardConnectorId = (id: string | undefined): boolean =>
  id?.startsWith(WALLET_STANDARD_ID_PREFIX) === true

/** The wallet behind a Wallet Standard connector. */
export const walletStandardWallet = (kernel: Kernel, connectorId: string): Wallet | undefined =>
  walletsByKernel.get(kernel)?.get(connectorId)

export const hasFeature = (wallet: Pick<Wallet, 'features'>, feature: string): boolean =>
  feature in wallet.features

/** A Solana wallet: it can connect and names at least one Solana chain. */
export const isSolanaWallet = (wallet: Wallet): boolean =>
  hasFeature(wallet, 'standard:connect') && wallet.chains.some(isSolanaChain)

export function solanaConnector(wallet: Wallet): Connector {
  const chains = wallet.chains.flatMap((chain) => {
    const id = caipNetworkIdOfWalletChain(chain)
    return id ? [id] : []
  })
  return {
    id: solanaConnectorId(wallet),
    type: 'ANNOUNCED',
    name: wallet.name,
    ...(wallet.icon ? { imageUrl: wallet.icon } : {}),
    chain: 'solana',
    chains,
  }
}

/**
 * Starts listening for Wallet Standard wallets (those already registered and those that register
 * later) and keeps `state.connectors` and `kernel.providers` current; returns the stop function.
 * Nothing happens when the app requests no Solana network.
 */
export function startWalletStandardDiscovery(kernel: Kernel, registry?: WalletStandardRegistry): () => void {
  const { options } = kernel.store.get()
  const wants = (namespace: string) =>
    options.networks.some((network) => network.chainNamespace === namespace)
  // Bitcoin wallets: discovery and all of bip122 live in the lazy bitcoin chunk.
  if (wants('bip122'))
    void loadBitcoin().then((bitcoin) =>
      kernel.cleanups.push(bitcoin.startBitcoinDiscovery(kernel, registry ?? getWallets())),
    )
  if (!wants('solana')) return () => {}
  // getWallets() announces the app (wallet-standard:app-ready): only for apps that want its wallets.
  const wallets = registry ?? getWallets()
  return watchWallets(kernel, wallets, {
    byKernel: walletsByKernel,
    accepts: isSolanaWallet,
    idOf: solanaConnectorId,
    connector: solanaConnector,
    // The Solana request mapping loads with the rest of the solana chunk, on the first request.
    provider: (id) => ({
      request: async (args) => (await loadSolanaProvider()).solanaRequest(kernel, id, args),
    }),
    removed: (id) => {
      const account = kernel.store.get().accounts.solana
      if (account?.connectorId === id && account.status !== 'disconnected') {
        void loadSolanaSession().then(({ endSolanaSession }) => endSolanaSession(kernel))
      }
    },
  })
}

/** What one namespace brings to {@link watchWallets}. */
export interface WalletWatch {
  /** The namespace's live wallets by connector id, per modal (created here on first use). */
  byKernel: WeakMap<Kernel, Map<string, Wallet>>
  /** Whether a registered wallet belongs to the namespace. */
  accepts(wallet: Wallet): boolean
  /** A wallet's connector id (from its name: the first of one name keeps it). */
  idOf(wallet: Pick<Wallet, 'name'>): string
  /** The connector of an accepted wallet, its id `idOf(wallet)`. */
  connector(wallet: Wallet): Connector
  /** What `kernel.providers` holds for the connector. */
  provider(connectorId: string): Eip1193Provider
  /** The wallet behind `connectorId` unregistered (its connector and provider are gone). */
  removed(connectorId: string): void
}

/**
 * Keeps one namespace's Wallet Standard connectors current (those registered and those that register
 * later) in `state.connectors`, `kernel.providers` and `watch.byKernel`; returns the stop function.
 */
export function watchWallets(
  kernel: Kernel,
  wallets: WalletStandardRegistry,
  watch: WalletWatch,
): () => void {
  const known = watch.byKernel.get(kernel) ?? new Map<string, Wallet>()
  watch.byKernel.set(kernel, known)
  const add = (wallet: Wallet) => {
    if (!watch.accepts(wallet)) return
    const connector = watch.connector(wallet)
    // Two wallets of one name: the first keeps the id (it is what a reload restores).
    if (known.has(connector.id) || kernel.providers.has(connector.id)) return
    known.set(connector.id, wallet)
    kernel.providers.set(connector.id, watch.provider(connector.id))
    kernel.store.update((draft) => {
      draft.connectors.push(connector)
    })
  }

  const remove = (wallet: Wallet) => {
    const id = watch.idOf(wallet)
    if (known.get(id) !== wallet) return
    known.delete(id)
    kernel.providers.delete(id)
    kernel.store.update((draft) => {
      draft.connectors = draft.connectors.filter((connector) => connector.id !== id)
    })
    watch.removed(id)
  }

  for (const wallet of wallets.get()) add(wallet)
  const offRegister = wallets.on('register', (...registered) => registered.forEach(add))
  const offUnregister = wallets.on('unregister', (...unregistered) => unregistered.forEach(remove))
  return () => {
    offRegister()
    offUnregister()
  }
}
