import { type Connector, KNOWN_CONNECTOR_IDS } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import { discoverAnnouncedWallets, legacyInjectedProvider } from './eip6963.ts'
import { startWalletStandardDiscovery } from './walletStandard.ts'

/** Starts wallet discovery and keeps `state.connectors` + `kernel.providers` current. */
export function startConnectorDiscovery(kernel: Kernel, target: Window): void {
  const options = kernel.store.get().options
  const add = (
    connector: Connector,
    provider: Kernel['providers'] extends Map<string, infer P> ? P : never,
  ) => {
    if (kernel.providers.has(connector.id)) return
    kernel.providers.set(connector.id, provider)
    kernel.store.update((draft) => {
      draft.connectors.push(connector)
    })
  }
  if (options.enableEIP6963 !== false) {
    kernel.cleanups.push(
      discoverAnnouncedWallets(target, ({ info, provider }) => {
        add(
          {
            id: info.rdns,
            type: 'ANNOUNCED',
            name: info.name,
            imageUrl: info.icon,
            chain: 'eip155',
            info: { rdns: info.rdns },
          },
          provider,
        )
      }),
    )
  }
  // Wallet Standard (Solana wallets), when the app requests a Solana network.
  kernel.cleanups.push(startWalletStandardDiscovery(kernel))
  if (options.enableInjected !== false) {
    // Announcements are synchronous for wallets already on the page; only a provider no one announced is "legacy".
    const legacy = legacyInjectedProvider(target)
    if (legacy && ![...kernel.providers.values()].includes(legacy)) {
      add(
        { id: KNOWN_CONNECTOR_IDS.injected, type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' },
        legacy,
      )
    }
  }
}

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
