import type { ChainNamespace } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'

/** behaviour §9: names chain eip155; the identity lookup belongs to it. */
const IDENTITY_NAMESPACES: readonly ChainNamespace[] = ['eip155']

export interface IdentityLoader {
  /** Reads the active account's name and avatar (cached 5 min by the API client) into its state. */
  refresh(): Promise<void>
}

/** The account header's name and avatar from GET /v1/identity/{address}. Failures are logged only. */
export function createIdentityLoader(kernel: Kernel): IdentityLoader {
  let shownFor: string | undefined
  return {
    async refresh() {
      const state = kernel.store.get()
      const namespace = state.networks.activeNamespace
      const account = namespace ? state.accounts[namespace] : undefined
      const address = account?.status === 'connected' ? account.address : undefined
      if (!namespace || !address) {
        shownFor = undefined
        return
      }
      const key = `${namespace}:${address.toLowerCase()}`
      if (shownFor !== key) {
        // Another account: never show the previous one's name while the new one loads.
        shownFor = key
        kernel.store.update((draft) => {
          const slice = draft.accounts[namespace]
          if (!slice) return
          delete slice.profileName
          delete slice.profileImage
        })
      }
      if (!kernel.api || !IDENTITY_NAMESPACES.includes(namespace)) return
      try {
        const { name, avatar } = await kernel.api.fetchIdentity(address)
        kernel.store.update((draft) => {
          const slice = draft.accounts[namespace]
          if (!slice || slice.address?.toLowerCase() !== address.toLowerCase()) return
          slice.profileName = name
          slice.profileImage = avatar
        })
      } catch (error) {
        kernel.log.warn(`Portico: could not read the identity of ${address}`, error)
      }
    },
  }
}
