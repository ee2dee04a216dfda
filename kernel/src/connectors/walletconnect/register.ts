/**
 * The eager part of the WalletConnect connector: the connector entry in the wallet list, and facades
 * that load the connector (./index.ts, and through it the SDK) only when a pairing starts or a
 * stored WalletConnect session is restored.
 */
import {
  type ChainNamespace,
  type Connector,
  KNOWN_CONNECTOR_IDS,
  type WalletDirectoryEntry,
} from '@portico/shared-types'
import type { ConnectResult } from '../../account/connect.ts'
import { en } from '../../i18n/en.ts'
import type { Kernel } from '../../kernel.ts'
import type { WalletConnectOptions } from './index.ts'

export const WALLET_CONNECT_ID = KNOWN_CONNECTOR_IDS.walletConnect

export const walletConnectConnector: Connector = {
  id: WALLET_CONNECT_ID,
  type: 'WALLET_CONNECT',
  name: en.walletConnect.name,
  chain: 'eip155',
}

export const isWalletConnectOffered = (kernel: Kernel) =>
  kernel.store.get().connectors.some((connector) => connector.id === WALLET_CONNECT_ID)

/** WalletConnect is offered when the app allows it and requests at least one eip155 network. */
export function offerWalletConnect(kernel: Kernel): boolean {
  const { options } = kernel.store.get()
  if (options.enableWalletConnect === false) return false
  if (!options.networks.some((network) => network.chainNamespace === 'eip155')) return false
  // Nothing of WalletConnect loads with the Connect view: its SDK is for a later step, fetched when
  // its entry is pointed at or focused (ConnectView), or at once when it is the likely choice.
  if (!isWalletConnectOffered(kernel)) {
    kernel.store.update((draft) => {
      draft.connectors.push(walletConnectConnector)
    })
  }
  return true
}

export const loadWalletConnect = () => import(/* webpackChunkName: "walletconnect-connector" */ './index.ts')

/** The Connect view lists WalletConnect: load it and prepare a pairing (index.ts prepareWalletConnect). */
export const prepareWalletConnect = (kernel: Kernel) =>
  void loadWalletConnect().then(
    (m) => m.prepareWalletConnect(kernel),
    (error: unknown) => kernel.log.warn('Portico: WalletConnect not prepared', error),
  )

export async function connectWalletConnect(
  kernel: Kernel,
  options?: WalletConnectOptions,
): Promise<ConnectResult> {
  return (await loadWalletConnect()).connectWalletConnect(kernel, options)
}

export async function setWalletConnectLinking(kernel: Kernel, wallet: WalletDirectoryEntry, href: string) {
  ;(await loadWalletConnect()).setWalletConnectLinking(kernel, wallet, href)
}

/** Auto-reconnect of the stored `walletConnect` connector (account/reconnect.ts restorers). */
export async function restoreWalletConnect(kernel: Kernel, namespace: ChainNamespace): Promise<boolean> {
  if (namespace !== 'eip155' || !isWalletConnectOffered(kernel)) return false
  return (await loadWalletConnect()).restoreWalletConnect(kernel, namespace)
}
