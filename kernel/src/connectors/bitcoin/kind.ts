/**
 * Bitcoin wallets of the Wallet Standard (bip122). Everything of the kind, discovery included, is the
 * lazy "bitcoin" chunk: an app pays for it only when it requests a Bitcoin network.
 */
import { getWallets } from '@wallet-standard/app'
import type { ConnectorKind } from '../kind.ts'

const NAMESPACE = 'bip122'

const loadBody = async () => (await import(/* webpackChunkName: "bitcoin" */ './body.ts')).bitcoinBody

export const bitcoinKind: ConnectorKind = {
  id: 'bitcoin',
  namespace: NAMESPACE,
  claims: (_kernel, _connectorId, namespace) => (namespace === NAMESPACE ? 'namespace' : false),
  discover(ctx) {
    const { kernel } = ctx
    if (!kernel.store.get().options.networks.some((network) => network.chainNamespace === NAMESPACE))
      return undefined
    void loadBody().then((body) => kernel.cleanups.push(body.discover(ctx, getWallets())))
    return undefined
  },
  load: loadBody,
  // Through the blockchain API (the node's address index), not an RPC.
  readBalance: async (kernel, network, address) => (await loadBody()).readBalance(kernel, network, address),
  signMessage: async ({ kernel }, message) => (await loadBody()).signMessage(kernel, message),
}
