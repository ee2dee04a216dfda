/** The connector list (`state.connectors`) and live providers (`kernel.providers`) discovery keeps. */
import type { Connector, Eip1193Provider } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'

/** Lists `connector` with its provider, unless a connector of that id is already listed. */
export function addConnector(kernel: Kernel, connector: Connector, provider: Eip1193Provider): boolean {
  if (kernel.providers.has(connector.id)) return false
  kernel.providers.set(connector.id, provider)
  kernel.store.update((draft) => {
    draft.connectors.push(connector)
  })
  return true
}

/** Removes the connector `id` and its provider. */
export function removeConnector(kernel: Kernel, id: string): void {
  kernel.providers.delete(id)
  kernel.store.update((draft) => {
    draft.connectors = draft.connectors.filter((connector) => connector.id !== id)
  })
}

export const connectorOf = (kernel: Kernel, id: string): Connector | undefined =>
  kernel.store.get().connectors.find((candidate) => candidate.id === id)

/** Waits briefly for a connector that may announce itself late (extensions inject asynchronously). */
export function waitForConnector(kernel: Kernel, id: string, timeoutMs: number): Promise<boolean> {
  if (kernel.providers.has(id)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe()
      resolve(false)
    }, timeoutMs)
    const unsubscribe = kernel.store.subscribe(() => {
      if (!kernel.providers.has(id)) return
      clearTimeout(timer)
      unsubscribe()
      resolve(true)
    })
  })
}
