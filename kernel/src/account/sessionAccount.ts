/**
 * The account slice of a session whatever drives it (a Wallet Standard wallet in
 * walletStandardSession.ts, a plugin connector's provider in connectors/pluginConnectorsSolana.ts):
 * writing the connected account and ending the session. Only lazy chunks import it.
 */
import type {
  AccountType,
  CaipAddress,
  ChainNamespace,
  Connector,
  StoredAccount,
} from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import { activateConnectedNamespace } from './reconnect.ts'
import { resetNamespace } from './reset.ts'

/** The account the session shows: its address, type and the wallet's accounts as stored. */
export interface SessionAccount {
  address: string
  type: AccountType
  allAccounts: StoredAccount[]
}

/** Writes the connected account of `namespace` on its active network and emits ACCOUNT_CHANGED. */
export function setWalletAccount(
  kernel: Kernel,
  namespace: ChainNamespace,
  connector: Connector,
  { address, type, allAccounts }: SessionAccount,
): void {
  let caipAddress: CaipAddress | undefined
  kernel.store.update((draft) => {
    const slice = draft.accounts[namespace]
    const network = draft.networks.byNamespace[namespace]?.caipNetwork
    if (!slice || !network) return
    caipAddress = `${network.caipNetworkId}:${address}`
    slice.status = 'connected'
    slice.address = address
    slice.caipAddress = caipAddress
    slice.connectorId = connector.id
    slice.preferredAccountType = type
    slice.allAccounts = allAccounts
    slice.connectedWalletInfo = {
      name: connector.name,
      type: connector.type,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
    }
    const explorer = network.blockExplorers?.default.url
    if (explorer) slice.addressExplorerUrl = `${explorer.replace(/\/$/, '')}/address/${address}`
    else delete slice.addressExplorerUrl
  })
  if (caipAddress) kernel.bus.emit('ACCOUNT_CHANGED', { namespace, caipAddress })
}

/** The wallet ended the connection: reset `namespace`, keep any other namespace's account. */
export function endWalletSession(kernel: Kernel, namespace: ChainNamespace): void {
  resetNamespace(kernel, namespace)
  activateConnectedNamespace(kernel)
}
