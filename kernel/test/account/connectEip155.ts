import type { KernelState, Network } from '@portico/shared-types'
import type { Store } from '../../src/state/store.ts'

/** Test only: writes an eip155 account as connected at `address` on `network`, as a connect would. */
export function connectEip155(store: Store<KernelState>, address: string, network: Network): void {
  store.update((draft) => {
    const account = draft.accounts.eip155
    const slice = draft.networks.byNamespace.eip155
    if (!account || !slice) return
    account.status = 'connected'
    account.address = address
    slice.caipNetwork = network
  })
}
