/**
 * Solana wallets of the Wallet Standard. Discovery (listing them) is eager and small; connect, restore,
 * wallet events, signing and the request mapping are the lazy "solana" chunk with the Solana RPC: an app
 * pays for it only once a Solana wallet is chosen, restored or asked to sign.
 */
import { getWallets } from '@wallet-standard/app'
import type { ConnectorKind } from '../kind.ts'
import { watchWallets } from '../walletStandard/watchWallets.ts'
import { requestsSolana } from './requested.ts'
import { signSolanaMessage } from './signMessage.ts'
import { isSolanaWallet, solanaConnector, solanaConnectorId, solanaWalletsByKernel } from './wallets.ts'

const NAMESPACE = 'solana'

export const solanaKind: ConnectorKind = {
  id: 'solana',
  namespace: NAMESPACE,
  claims: (_kernel, _connectorId, namespace) => (namespace === NAMESPACE ? 'namespace' : false),
  discover({ kernel, report }) {
    // Nothing happens when the app requests no Solana network.
    if (!requestsSolana(kernel.store.get().options.networks)) return undefined
    // getWallets() announces the app (wallet-standard:app-ready): only for apps that want its wallets.
    return watchWallets(kernel, getWallets(), {
      byKernel: solanaWalletsByKernel,
      accepts: isSolanaWallet,
      idOf: solanaConnectorId,
      connector: solanaConnector,
      // The Solana request mapping loads with the rest of the solana chunk, on the first request.
      provider: (id) => ({
        request: async (args) => {
          const body = await solanaKind.load()
          return body.request?.(kernel, id, args)
        },
      }),
      removed: (id) => {
        const account = kernel.store.get().accounts[NAMESPACE]
        if (account?.connectorId === id && account.status !== 'disconnected') report.end(NAMESPACE)
      },
    })
  },
  load: async () => (await import(/* webpackChunkName: "solana" */ './body.ts')).solanaBody,
  signMessage: ({ kernel }, message, sign) =>
    signSolanaMessage(sign, kernel.store.get().accounts[NAMESPACE]?.address, message),
}
