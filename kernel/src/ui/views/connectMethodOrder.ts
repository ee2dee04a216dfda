import type { ConnectMethod, Connector } from '@portico/shared-types'
import { isBrowserWallet } from '../../directory/browserWallet.ts'

/** behaviour §2: email, social, wallet; wallet first when a browser wallet is shown; the app's order wins. */
export function connectMethodOrder(
  appOrder: ConnectMethod[] | undefined,
  connectors: readonly Pick<Connector, 'type'>[],
): ConnectMethod[] {
  if (appOrder?.length) return appOrder
  return connectors.some(isBrowserWallet) ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}
