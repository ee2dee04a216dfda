/**
 * The eager part of the WalletConnect kind: its entry in the wallet list (./connector.ts) and the load
 * of its body (./body.ts, and through it the SDK) when a pairing starts or a stored session is restored.
 */
import type { ConnectorKind } from '../kind.ts'
import { isWalletConnectOffered, offerWalletConnect, WALLET_CONNECT_ID } from './connector.ts'

/** The WalletConnect body with its own actions (pairing, deep links) beside the kind's contract. */
export const loadWalletConnect = () => import(/* webpackChunkName: "walletconnect-connector" */ './body.ts')

export const walletConnectKind: ConnectorKind = {
  id: 'walletconnect',
  namespace: 'eip155',
  claims: (_kernel, connectorId) => (connectorId === WALLET_CONNECT_ID ? 'id' : false),
  restorable: (kernel, namespace) => namespace === 'eip155' && isWalletConnectOffered(kernel),
  discover({ kernel }) {
    offerWalletConnect(kernel)
    return undefined
  },
  load: async () => (await loadWalletConnect()).walletConnectBody,
}
