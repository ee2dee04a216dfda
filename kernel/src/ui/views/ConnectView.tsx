import type { ConnectMethod, Connector } from '@portico/shared-types'
import { Fragment } from 'react'
import { en } from '../../i18n/en.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { EmptyState } from '../primitives/EmptyState.tsx'
import { ListItem } from '../primitives/ListItem.tsx'
import { ErrorBoundary } from '../shell/ErrorBoundary.tsx'
import { useContributions } from '../useContributions.ts'

const isBrowserWallet = (connector: Connector) =>
  connector.type === 'INJECTED' || connector.type === 'ANNOUNCED'

/** SPEC §2: email, social, wallet; wallet first when a browser wallet is shown; the app's order wins. */
export function connectMethodOrder(
  appOrder: ConnectMethod[] | undefined,
  connectors: Connector[],
): ConnectMethod[] {
  if (appOrder?.length) return appOrder
  return connectors.some(isBrowserWallet) ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}

function WalletList() {
  const { actions } = useKernel()
  const connectors = useKernelState((state) => state.connectors)
  const browserWallets = connectors.filter(isBrowserWallet)
  const walletConnect = connectors.find((connector) => connector.type === 'WALLET_CONNECT')
  if (browserWallets.length === 0 && !walletConnect) {
    return <EmptyState icon="wallet" title={en.noWalletsTitle} description={en.noWalletsDescription} />
  }
  return (
    <ul className="pt-list" aria-label={en.walletList}>
      {browserWallets.map((connector) => (
        <li key={connector.id}>
          <ListItem
            label={connector.name}
            {...(connector.imageUrl ? { imageUrl: connector.imageUrl } : { icon: 'wallet' as const })}
            trailing={<span className="pt-tag">{en.installed}</span>}
            onClick={() => actions.push('ConnectingExternal', { connectorId: connector.id })}
          />
        </li>
      ))}
      {walletConnect ? (
        <li key={walletConnect.id}>
          <ListItem
            label={walletConnect.name}
            icon="qrCode"
            trailing={<span className="pt-tag">{en.walletConnect.tag}</span>}
            onClick={() => actions.push('ConnectingWalletConnect')}
          />
        </li>
      ) : null}
    </ul>
  )
}

export function ConnectView() {
  const { kernel } = useKernel()
  const connectors = useKernelState((state) => state.connectors)
  const appOrder = useKernelState((state) => state.options.features.connectMethodsOrder)
  const methods = useContributions('connectMethods')
  const sections = connectMethodOrder(appOrder, connectors).flatMap((method) => {
    if (method === 'wallet') return [{ key: 'wallet', node: <WalletList /> }]
    return methods
      .filter((contribution) => contribution.method === method)
      .flatMap((contribution) => {
        const ctx = kernel.plugins.contextOf(contribution.pluginId)
        if (!ctx) return []
        const Method = contribution.component
        return [
          {
            key: `${contribution.pluginId}:${contribution.id}`,
            node: (
              <ErrorBoundary owner={contribution.pluginId} fallback={null}>
                <Method ctx={ctx} />
              </ErrorBoundary>
            ),
          },
        ]
      })
  })
  return (
    <div className="pt-stack pt-gap-m">
      {sections.map((section, index) => (
        <Fragment key={section.key}>
          {index > 0 ? <div className="pt-divider">{en.orContinueWith}</div> : null}
          {section.node}
        </Fragment>
      ))}
    </div>
  )
}
