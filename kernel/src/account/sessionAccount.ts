/** The account slice of a session whatever kind of wallet drives it: the connected account, its end. */
import type { CaipAddress, ChainNamespace, Connector } from '@portico/shared-types'
import type { AccountFacts } from '../connectors/kind.ts'
import type { Kernel } from '../kernel.ts'
import { activateConnectedNamespace } from './activeNamespace.ts'
import { resetNamespace } from './reset.ts'

/** Writes the connected account of `namespace` on its active network and emits ACCOUNT_CHANGED. */
export function setWalletAccount(
  kernel: Kernel,
  namespace: ChainNamespace,
  connector: Connector,
  { address, type, allAccounts }: AccountFacts,
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
    if (type) slice.preferredAccountType = type
    slice.allAccounts = allAccounts
    slice.connectedWalletInfo = {
      name: connector.name,
      type: connector.type,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
      ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
    }
    const explorer = network.blockExplorers?.default.url
    if (explorer) slice.addressExplorerUrl = `${explorer.replace(/\/$/, '')}/address/${address}`
    else delete slice.addressExplorerUrl
  })
  if (caipAddress) kernel.bus.emit('ACCOUNT_CHANGED', { namespace, caipAddress })
}

/** The connected address's CAIP address follows the namespace's active network. */
export function followNetwork(
  kernel: Kernel,
  namespace: ChainNamespace,
  caipNetworkId: string,
  address: string,
) {
  kernel.store.update((draft) => {
    const slice = draft.accounts[namespace]
    if (slice) slice.caipAddress = `${caipNetworkId}:${address}` as CaipAddress
  })
}

/** The wallet ended the connection: reset `namespace`, keep any other namespace's account. */
export function endWalletSession(kernel: Kernel, namespace: ChainNamespace): void {
  resetNamespace(kernel, namespace)
  activateConnectedNamespace(kernel)
}
