import { type ChainNamespace, CONNECT_METHOD_FEATURES, type ConnectMethod } from '@portico/shared-types'
import { Fragment, useEffect, useMemo, useState } from 'react'
import { recentWallets } from '../../account/recentWallets.ts'
import { directoryOf } from '../../directory/directoryController.ts'
import {
  browserWallets,
  choiceForConnector,
  connectLists,
  walletCountLabel,
} from '../../directory/directoryLists.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import type { ViewProps } from '../../router/registry.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { EmptyState } from '../primitives/EmptyState.tsx'
import { ListItem } from '../primitives/ListItem.tsx'
import { ErrorBoundary } from '../shell/ErrorBoundary.tsx'
import { useContributions } from '../useContributions.ts'
import { loadAllWalletsView } from './AllWallets.tsx'
import { ConnectMethodSlot } from './ConnectMethodSlot.tsx'
import { ConnectMethodStandIn } from './ConnectMethodStandIn.tsx'
import { connectViewOrder } from './connectViewOrder.ts'
import { PendingConnectMethod, pendingConnectMethods } from './PendingConnectMethod.tsx'
import { WalletGuide } from './WalletGuide.tsx'
import { WalletRow } from './WalletRow.tsx'

/**
 * The wallet section, each wallet once: recent (behaviour §9: at most 2), installed, WalletConnect,
 * featured, the app's custom wallets, recommended, then All Wallets with the directory's count.
 */
function WalletList() {
  const i18n = useI18n()
  const { actions, kernel } = useKernel()
  const connectors = useKernelState((state) => state.connectors)
  const wallets = useKernelState((state) => state.wallets)
  const options = useKernelState((state) => state.options)
  // Read once per visit of the view: recording happens while the modal is closed.
  const [recent] = useState(() => recentWallets(kernel))
  const lists = useMemo(
    () => connectLists({ connectors, wallets, options }, recent),
    [connectors, wallets, options, recent],
  )
  const walletConnect = connectors.find((connector) => connector.type === 'WALLET_CONNECT')
  // With no browser wallet WalletConnect is the likely choice: its SDK loads and a pairing is prepared
  // now, so choosing it only draws the QR code. With one, pointing at WalletConnect does the same; other
  // visitors keep the relay socket and the SDK's ~2 MiB of heap out of the page.
  const prepare = () => actions.prepareWalletConnect()
  const likely = walletConnect !== undefined && lists.installed.length === 0
  useEffect(() => {
    if (likely) actions.prepareWalletConnect()
  }, [likely, actions])
  const directory = directoryOf(kernel)
  const showAllWallets = directory !== undefined && options.features.allWallets
  const count = walletCountLabel({ wallets })
  const others = [...lists.featured, ...lists.custom, ...lists.recommended]
  if (
    lists.recent.length + lists.installed.length + others.length === 0 &&
    !walletConnect &&
    !showAllWallets
  ) {
    return (
      <EmptyState
        icon="wallet"
        title={i18n.t('noWalletsTitle')}
        description={i18n.t('noWalletsDescription')}
      />
    )
  }
  return (
    <ul className="pt-list" aria-label={i18n.t('walletList')}>
      {lists.recent.map((choice) => (
        <WalletRow key={choice.key} choice={choice} tag={i18n.t('recent')} />
      ))}
      {lists.installed.map((choice) => (
        <WalletRow key={choice.key} choice={choice} tag={i18n.t('installed')} />
      ))}
      {walletConnect ? (
        <li key={walletConnect.id} onPointerEnter={prepare} onFocus={prepare}>
          <ListItem
            label={walletConnect.name}
            icon="qrCode"
            trailing={<span className="pt-tag">{i18n.t('walletConnect.tag')}</span>}
            onClick={() => actions.push('ConnectingWalletConnect')}
          />
        </li>
      ) : null}
      {others.map((choice) => (
        <WalletRow key={choice.key} choice={choice} />
      ))}
      {showAllWallets ? (
        // Fetch the AllWallets chunk as soon as the entry is pointed at or focused.
        <li onPointerEnter={() => void loadAllWalletsView()} onFocus={() => void loadAllWalletsView()}>
          <ListItem
            label={i18n.t('allWallets.entry')}
            icon="wallet"
            {...(count ? { trailing: <span className="pt-tag">{count}</span> } : {})}
            onClick={() => actions.push('AllWallets')}
          />
        </li>
      ) : null}
    </ul>
  )
}

/** Connect pushed for one namespace (Networks view, a network of a namespace without account). */
function NamespaceWalletList({ namespace }: { namespace: ChainNamespace }) {
  const i18n = useI18n()
  const connectors = useKernelState((state) => state.connectors)
  const wallets = useKernelState((state) => state.wallets)
  const choices = useMemo(
    () =>
      browserWallets({ connectors, wallets })
        .filter((connector) => connector.chain === namespace)
        .map(choiceForConnector),
    [connectors, wallets, namespace],
  )
  if (choices.length === 0) {
    return (
      <EmptyState
        icon="wallet"
        title={i18n.t('noWalletsTitle')}
        description={i18n.t('noWalletsDescription')}
      />
    )
  }
  return (
    <ul className="pt-list" aria-label={i18n.t('walletList')}>
      {choices.map((choice) => (
        <WalletRow key={choice.key} choice={choice} tag={i18n.t('installed')} />
      ))}
    </ul>
  )
}

export function ConnectView({ params }: Partial<ViewProps>) {
  const i18n = useI18n()
  const { kernel } = useKernel()
  const connectors = useKernelState((state) => state.connectors)
  const wallets = useKernelState((state) => state.wallets)
  const appOrder = useKernelState((state) => state.options.features.connectMethodsOrder)
  const methods = useContributions('connectMethods')
  const options = useKernelState((state) => state.options)
  const plugins = useKernelState((state) => state.plugins)
  const pending = pendingConnectMethods(
    { options, plugins },
    new Set(methods.map((contribution) => contribution.method)),
  )
  const emailShowWallets = useKernelState((state) => state.options.features.emailShowWallets)
  const [walletsOpened, openWallets] = useState(false)
  // The wallet guide's choice: a visitor without a wallet sees email and social login alone.
  const [emailFirst, setEmailFirst] = useState(false)
  const namespace = params?.namespace as ChainNamespace | undefined
  // behaviour §9 wallets off: no wallet list anywhere in Connect.
  const walletsOn = options.features.wallets !== false
  if (namespace) return walletsOn ? <NamespaceWalletList namespace={namespace} /> : null
  // behaviour §9 emailShowWallets off: beside the email field the wallets wait behind one button.
  const walletsBehindButton =
    !emailShowWallets &&
    !walletsOpened &&
    (pending.has('email') || methods.some((contribution) => contribution.method === 'email'))
  const order: readonly string[] = connectViewOrder(appOrder, { connectors, wallets })
  // A plugin's method of its own comes after the built-in ones, in the order plugins contribute them.
  const own = [...new Set(methods.map((contribution) => contribution.method))].filter(
    (method) => !order.includes(method),
  )
  const builtIn = (method: string): method is Exclude<ConnectMethod, 'wallet'> =>
    method in CONNECT_METHOD_FEATURES
  // Only a section that would push the wallet list keeps its place: one arriving below it moves
  // nothing (the dialog grows downward), and an empty place costs the first frame its layout.
  const keepPlace = (method: ConnectMethod) =>
    pending.has(method) && order.indexOf(method) < order.indexOf('wallet')
  const sections = [...order, ...own].flatMap((method) => {
    if (method === 'wallet')
      return !walletsOn || emailFirst
        ? []
        : [
            {
              key: 'wallet',
              node: walletsBehindButton ? (
                <ListItem
                  label={i18n.t('continueWithWallet')}
                  icon="wallet"
                  onClick={() => openWallets(true)}
                />
              ) : (
                <WalletList />
              ),
            },
          ]
    const contributed = methods.filter((contribution) => contribution.method === method)
    const pluginId = builtIn(method) ? CONNECT_METHOD_FEATURES[method] : contributed[0]?.pluginId
    if (pluginId === undefined) return []
    const record = plugins[pluginId]
    const known = builtIn(method) ? method : undefined
    const waiting = known !== undefined && pending.has(known)
    // A previewed method is painted from its manifest until its code loads; without a preview only a
    // section that would push the wallet list keeps its place (one arriving below it moves nothing).
    const standIn =
      known !== undefined && waiting && (record?.preview || keepPlace(known) || record?.loadOn === 'intent')
    if (!standIn && contributed.length === 0) return []
    return [
      {
        key: `method:${method}`,
        node: (
          <ConnectMethodSlot pluginId={pluginId} ready={!waiting}>
            {(intent, show) =>
              !show ? (
                record?.preview ? (
                  <ConnectMethodStandIn
                    preview={record.preview}
                    socials={options.features.socials}
                    intent={intent}
                  />
                ) : known ? (
                  <PendingConnectMethod method={known} socials={options.features.socials} />
                ) : null
              ) : (
                contributed.map((contribution) => {
                  const ctx = kernel.plugins.contextOf(contribution.pluginId)
                  if (!ctx) return null
                  const Method = contribution.component
                  return (
                    <ErrorBoundary
                      key={`${contribution.pluginId}:${contribution.id}`}
                      owner={contribution.pluginId}
                      fallback={null}
                    >
                      <Method ctx={ctx} {...(record?.preview ? { preview: record.preview } : {})} />
                    </ErrorBoundary>
                  )
                })
              )
            }
          </ConnectMethodSlot>
        ),
      },
    ]
  })
  // Busy while a method's place is held by a blank box; a previewed one is usable as painted.
  const busy = [...pending].some(
    (method) => method === 'wallet' || !plugins[CONNECT_METHOD_FEATURES[method]]?.preview,
  )
  // The guide switches between the two views only when both have something to show.
  const guide =
    walletsOn &&
    options.features.walletGuide !== false &&
    !walletsBehindButton &&
    sections.some((section) => section.key !== 'wallet')
  return (
    <div className="pt-stack pt-gap-m" aria-busy={busy}>
      {sections.map((section, index) => (
        <Fragment key={section.key}>
          {index > 0 ? <div className="pt-divider">{i18n.t('orContinueWith')}</div> : null}
          {section.node}
        </Fragment>
      ))}
      {guide ? <WalletGuide emailFirst={emailFirst} onSwitch={() => setEmailFirst(!emailFirst)} /> : null}
    </div>
  )
}
