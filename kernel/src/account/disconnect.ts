import { MESSAGES } from '@portico/shared-types'
import { WalletError } from '../connectors/errors.ts'
import { kindOf } from '../connectors/kinds.ts'
import type { Kernel } from '../kernel.ts'
import { networkStateFor } from '../state/initialState.ts'
import { forgetAllConnections } from '../storage/connection.ts'
import { contextOf } from './report.ts'
import { resetNamespace } from './reset.ts'

/** behaviour §4 disconnect: every chain's account and network and the wallet connection reset. */
export async function disconnectAll(kernel: Kernel): Promise<void> {
  try {
    const state = kernel.store.get()
    // A connector connected on two namespaces (a plugin connector on eip155 and solana) revokes once.
    const revoked = new Set<string>()
    for (const account of Object.values(state.accounts)) {
      if (!account || account.status === 'disconnected') continue
      const connectorId = account.connectorId
      const kind = connectorId ? kindOf(kernel, connectorId, account.namespace) : undefined
      const body = kind ? await kind.load() : undefined
      if (connectorId && body?.disconnect) {
        // Stop following the wallet first: its own "no accounts" change must not race the reset.
        kernel.sessions.get(account.namespace)?.()
        kernel.sessions.delete(account.namespace)
        // e.g. Wallet Standard's standard:disconnect makes the wallet forget this site's authorization.
        await body.disconnect(contextOf(kernel), connectorId)
        resetNamespace(kernel, account.namespace)
        continue
      }
      const provider =
        connectorId && !revoked.has(connectorId) ? kernel.providers.get(connectorId) : undefined
      if (connectorId) revoked.add(connectorId)
      // Best effort: wallets without EIP-2255 revoke simply keep their own permission.
      await provider
        ?.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
        .catch(() => undefined)
      resetNamespace(kernel, account.namespace)
    }
    const { options } = kernel.store.get()
    kernel.store.update((draft) => {
      for (const namespace of Object.keys(
        draft.networks.byNamespace,
      ) as (keyof typeof draft.networks.byNamespace)[]) {
        draft.networks.byNamespace[namespace] = networkStateFor(namespace, options.networks)
      }
      const fallback = options.defaultNetwork ?? options.networks[0]
      draft.networks.activeNamespace = fallback.chainNamespace
      const slice = draft.networks.byNamespace[fallback.chainNamespace]
      if (slice) slice.caipNetwork = fallback
    })
    forgetAllConnections(kernel.storage)
    kernel.bus.emit('DISCONNECT_SUCCESS', {})
  } catch (error) {
    kernel.log.error(MESSAGES.failedToDisconnect, error)
    kernel.bus.emit('DISCONNECT_ERROR', { message: MESSAGES.failedToDisconnect })
    throw new WalletError('WALLET_DISCONNECT_FAILED', MESSAGES.failedToDisconnect, { cause: error })
  }
}
