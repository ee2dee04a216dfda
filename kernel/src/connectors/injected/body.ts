/** Announced (EIP-6963) and legacy injected wallets: plain EIP-1193 providers on eip155. */
import { connectorOf, waitForConnector } from '../discovery.ts'
import { connectEip155, restoreEip155 } from '../eip155Wallet.ts'
import { walletUnavailable } from '../errors.ts'
import type { ConnectorBody } from '../kind.ts'

/** Extensions inject asynchronously: a stored wallet may announce itself after the page's script. */
const LATE_ANNOUNCE_WAIT_MS = 1_000

export const injectedBody: ConnectorBody = {
  async connect({ kernel }, connector) {
    const provider = kernel.providers.get(connector.id)
    if (!provider) throw walletUnavailable(connector.id)
    return connectEip155(kernel, connector, provider)
  },
  async restore({ kernel }, connectorId) {
    if (!(await waitForConnector(kernel, connectorId, LATE_ANNOUNCE_WAIT_MS))) return undefined
    const provider = kernel.providers.get(connectorId)
    const connector = connectorOf(kernel, connectorId)
    if (!provider || !connector) return undefined
    return restoreEip155(kernel, connector, provider)
  },
}
