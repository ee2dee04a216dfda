/**
 * WalletConnect's pairing in the connection state (state.connection), as the WalletConnect connector
 * reports it: the uri shown and its expiry, the wallet chosen or linked, approval and failure
 * (CONNECT_SUCCESS / CONNECT_ERROR).
 */
import type { PairingReport } from '../connectors/kind.ts'
import type { Kernel } from '../kernel.ts'

export function pairingReport(kernel: Kernel): PairingReport {
  return {
    started(wallet) {
      kernel.store.update((draft) => {
        const connection = draft.connection
        connection.status = 'connecting'
        connection.buffering = true
        connection.wcError = false
        delete connection.wcAuthenticating
        delete connection.wcUri
        delete connection.wcPairingExpiry
        delete connection.wcLinking
        if (wallet) connection.recentWallet = wallet
        else delete connection.recentWallet
      })
    },
    chose(wallet) {
      kernel.store.update((draft) => {
        draft.connection.recentWallet = wallet
      })
    },
    uri(uri, expiry) {
      kernel.store.update((draft) => {
        draft.connection.wcUri = uri
        draft.connection.wcPairingExpiry = expiry
        draft.connection.buffering = false
      })
    },
    authenticating() {
      kernel.store.update((draft) => {
        draft.connection.wcAuthenticating = true
      })
    },
    linking(wallet, href) {
      kernel.store.update((draft) => {
        draft.connection.wcLinking = { name: wallet.name, href }
        draft.connection.recentWallet = wallet
      })
    },
    approved(method, name) {
      kernel.store.update((draft) => {
        draft.connection.status = 'connected'
        draft.connection.buffering = false
        draft.connection.wcError = false
        delete draft.connection.wcAuthenticating
        delete draft.connection.wcUri
        delete draft.connection.wcPairingExpiry
      })
      kernel.bus.emit('CONNECT_SUCCESS', { method, name, namespace: 'eip155' })
    },
    failed(message, name) {
      kernel.store.update((draft) => {
        draft.connection.wcError = true
        draft.connection.buffering = false
        draft.connection.status = 'disconnected'
        delete draft.connection.wcAuthenticating
        delete draft.connection.wcUri
        delete draft.connection.wcPairingExpiry
      })
      kernel.bus.emit('CONNECT_ERROR', { message, name })
    },
    resumed() {
      kernel.store.update((draft) => {
        draft.connection.status = 'connected'
      })
    },
  }
}
