/**
 * Browser wallets on eip155: those that announce themselves (EIP-6963, type ANNOUNCED) and the
 * pre-6963 `window.ethereum` no one announced (type INJECTED). Both are small enough to stay eager.
 */
import { KNOWN_CONNECTOR_IDS } from '@portico/shared-types'
import { addConnector } from '../discovery.ts'
import type { ConnectorKind } from '../kind.ts'
import { injectedBody } from './body.ts'
import { discoverAnnouncedWallets, legacyInjectedProvider } from './eip6963.ts'

const NAMESPACE = 'eip155'

export const announcedKind: ConnectorKind = {
  id: 'announced',
  namespace: NAMESPACE,
  // Any other eip155 connector is a plain EIP-1193 wallet.
  claims: (_kernel, _connectorId, namespace) => (namespace === NAMESPACE ? 'namespace' : false),
  discover({ kernel }, target) {
    if (kernel.store.get().options.enableEIP6963 === false) return undefined
    return discoverAnnouncedWallets(target, ({ info, provider }) => {
      addConnector(
        kernel,
        {
          id: info.rdns,
          type: 'ANNOUNCED',
          name: info.name,
          imageUrl: info.icon,
          chain: NAMESPACE,
          info: { rdns: info.rdns },
        },
        provider,
      )
    })
  },
  load: async () => injectedBody,
}

export const injectedKind: ConnectorKind = {
  id: 'injected',
  namespace: NAMESPACE,
  claims: (_kernel, connectorId) => (connectorId === KNOWN_CONNECTOR_IDS.injected ? 'id' : false),
  discover({ kernel }, target) {
    if (kernel.store.get().options.enableInjected === false) return undefined
    // Announcements are synchronous for wallets already on the page; only a provider no one announced is "legacy".
    const legacy = legacyInjectedProvider(target)
    if (legacy && ![...kernel.providers.values()].includes(legacy)) {
      addConnector(
        kernel,
        { id: KNOWN_CONNECTOR_IDS.injected, type: 'INJECTED', name: 'Browser Wallet', chain: NAMESPACE },
        legacy,
      )
    }
    return undefined
  },
  load: async () => injectedBody,
}
