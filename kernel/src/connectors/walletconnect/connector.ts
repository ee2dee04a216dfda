/** The WalletConnect entry of the connector list, and whether the app offers it. */
import { type Connector, KNOWN_CONNECTOR_IDS } from '@portico/shared-types'
import { en } from '../../i18n/en.ts'
import type { Kernel } from '../../kernel.ts'

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
