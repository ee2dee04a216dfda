import type { ChainNamespace } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import { emptyAccount } from '../state/initialState.ts'
import { forgetNamespace } from '../storage/connection.ts'

/** behaviour §4 reset: back to disconnected, stored connector id removed, pairing facts cleared. */
export function resetNamespace(kernel: Kernel, namespace: ChainNamespace): void {
  kernel.sessions.get(namespace)?.()
  kernel.sessions.delete(namespace)
  kernel.store.update((draft) => {
    draft.accounts[namespace] = emptyAccount(namespace)
    draft.connection = { buffering: false, status: 'disconnected' }
  })
  forgetNamespace(kernel.storage, namespace)
  kernel.bus.emit('ACCOUNT_CHANGED', { namespace })
}
