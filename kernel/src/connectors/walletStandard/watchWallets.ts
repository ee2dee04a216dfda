/**
 * Wallet Standard discovery shared by the Solana and Bitcoin kinds: wallets registered on the page
 * through `wallet-standard:register-wallet` / `wallet-standard:app-ready` (@wallet-standard/app's
 * getWallets) become connectors of the kind that accepts them.
 */
import type { Connector, Eip1193Provider } from '@portico/shared-types'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { Kernel } from '../../kernel.ts'
import { addConnector, removeConnector } from '../discovery.ts'

export const WALLET_STANDARD_ID_PREFIX = 'walletStandard:'

/** What discovery needs of @wallet-standard/app (tests pass their own registry). */
export type WalletStandardRegistry = Pick<Wallets, 'get' | 'on'>

export const isWalletStandardConnectorId = (id: string | undefined): boolean =>
  id?.startsWith(WALLET_STANDARD_ID_PREFIX) === true

export const hasFeature = (wallet: Pick<Wallet, 'features'>, feature: string): boolean =>
  feature in wallet.features

/** What one kind brings to {@link watchWallets}. */
export interface WalletWatch {
  /** The kind's live wallets by connector id, per modal (created here on first use). */
  byKernel: WeakMap<Kernel, Map<string, Wallet>>
  /** Whether a registered wallet belongs to the kind. */
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
 * Keeps one kind's Wallet Standard connectors current (those registered and those that register
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
    addConnector(kernel, connector, watch.provider(connector.id))
  }

  const remove = (wallet: Wallet) => {
    const id = watch.idOf(wallet)
    if (known.get(id) !== wallet) return
    known.delete(id)
    removeConnector(kernel, id)
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
