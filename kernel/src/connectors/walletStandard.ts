/**
 * Wallet Standard discovery (DESIGN §1 connectors/): wallets registered on the page through
 * `wallet-standard:register-wallet` / `wallet-standard:app-ready` (@wallet-standard/app's
 * getWallets) become connectors. A wallet with `standard:connect` and a `solana:` chain is a Solana
 * connector (type ANNOUNCED, chain 'solana'), offered when the app requests a Solana network.
 */
import type { Connector } from '@portico/shared-types'
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

function walletsOf(kernel: Kernel): Map<string, Wallet> {
  let wallets = walletsByKernel.get(kernel)
  if (!wallets) {
    wallets = new Map()
    walletsByKernel.set(kernel, wallets)
  }
  return wallets
}

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
  const known = walletsOf(kernel)

  const add = (wallet: Wallet) => {
    if (!isSolanaWallet(wallet)) return
    const connector = solanaConnector(wallet)
    // Two wallets of one name: the first keeps the id (it is what a reload restores).
    if (known.has(connector.id) || kernel.providers.has(connector.id)) return
    known.set(connector.id, wallet)
    // The Solana request mapping loads with the rest of the solana chunk, on the first request.
    kernel.providers.set(connector.id, {
      request: async (args) => (await loadSolanaProvider()).solanaRequest(kernel, connector.id, args),
    })
    kernel.store.update((draft) => {
      draft.connectors.push(connector)
    })
  }

  const remove = (wallet: Wallet) => {
    const id = solanaConnectorId(wallet)
    if (known.get(id) !== wallet) return
    known.delete(id)
    kernel.providers.delete(id)
    kernel.store.update((draft) => {
      draft.connectors = draft.connectors.filter((connector) => connector.id !== id)
    })
    const account = kernel.store.get().accounts.solana
    if (account?.connectorId === id && account.status !== 'disconnected') {
      void loadSolanaSession().then(({ endSolanaSession }) => endSolanaSession(kernel))
    }
  }

  for (const wallet of wallets.get()) add(wallet)
  const offRegister = wallets.on('register', (...registered) => registered.forEach(add))
  const offUnregister = wallets.on('unregister', (...unregistered) => unregistered.forEach(remove))
  return () => {
    offRegister()
    offUnregister()
  }
}
