/**
 * Bitcoin wallets of the Wallet Standard (bip122), in two lazy chunks an app pays for only when it
 * requests a Bitcoin network: discovery ("bitcoin-discovery", loaded by an open to list the wallets) and
 * the body ("bitcoin": connect, restore, balance, signing, with the address checks that hash), loaded
 * when a Bitcoin wallet is used.
 */
import { getWallets } from '@wallet-standard/app'
import type { ConnectorKind } from '../kind.ts'

const NAMESPACE = 'bip122'

const loadDiscovery = () => import(/* webpackChunkName: "bitcoin-discovery" */ './discovery.ts')
const loadBody = async () => (await import(/* webpackChunkName: "bitcoin" */ './body.ts')).bitcoinBody

export const bitcoinKind: ConnectorKind = {
  id: 'bitcoin',
  namespace: NAMESPACE,
  claims: (_kernel, _connectorId, namespace) => (namespace === NAMESPACE ? 'namespace' : false),
  discover(ctx) {
    const { kernel } = ctx
    if (!kernel.store.get().options.networks.some((network) => network.chainNamespace === NAMESPACE))
      return undefined
    void loadDiscovery().then(({ startBitcoinDiscovery }) =>
      kernel.cleanups.push(startBitcoinDiscovery(ctx, getWallets())),
    )
    return undefined
  },
  // A restore waits for its wallet to be discovered (walletStandard/session.ts restoreTarget).
  load: loadBody,
  // Through the blockchain API (the node's address index), not an RPC.
  readBalance: async (kernel, network, address) => (await loadBody()).readBalance(kernel, network, address),
  signMessage: async ({ kernel }, message) => (await loadBody()).signMessage(kernel, message),
}
