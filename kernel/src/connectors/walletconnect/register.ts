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
import { whenIdleAfterPaint } from '../../afterNextPaint.ts'
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
  if (!isWalletConnectOffered(kernel)) {
    kernel.store.update((draft) => {
      draft.connectors.push(walletConnectConnector)
    })
    const onOpen = ({ view }: { view: string }) => {
      // After the view's first frame, when the browser is idle: fetching never delays the paint nor
      // competes with the open's own work.
      if (view === 'Connect') whenIdleAfterPaint(() => prefetchWalletConnect(kernel))
    }
    kernel.bus.on('MODAL_OPEN', onOpen)
    kernel.cleanups.push(() => kernel.bus.off('MODAL_OPEN', onOpen))
  }
  return true
}

export const loadWalletConnect = () => import(/* webpackChunkName: "walletconnect-connector" */ './index.ts')

/**
 * The Connect view opened, has painted and the browser is idle: fetch the connector chunk (with the
 * ConnectingWalletConnect view body) and the SDK chunks, without evaluating the SDK: no relay socket
 * and no SDK objects until WalletConnect is pointed at or chosen.
 */
export function prefetchWalletConnect(kernel: Kernel): void {
  if (!isWalletConnectOffered(kernel) || kernel.store.get().connection.status !== 'disconnected') return
  void import(/* webpackChunkName: "walletconnect" */ './sdkChunk.ts').catch(() => undefined)
  void loadWalletConnect().catch(() => undefined)
}

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
