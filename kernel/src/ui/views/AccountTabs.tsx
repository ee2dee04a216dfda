import type { TokenBalance } from '@portico/shared-types'
import type { KeyboardEvent, ReactNode } from 'react'
import { Fragment, lazy, Suspense, useId } from 'react'
import { balanceIconUrl } from '../../api/balances.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { selectActiveAccount, selectActiveNetwork } from '../../state/selectors.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { EmptyState } from '../primitives/EmptyState.tsx'
import { Spinner } from '../primitives/Spinner.tsx'
import { ErrorBoundary } from '../shell/ErrorBoundary.tsx'
import { useContributions } from '../useContributions.ts'

function TokenRow({ token }: { token: TokenBalance }) {
  const i18n = useI18n()
  const quantity = `${i18n.formatters().formatBalance(token.quantity.numeric)} ${token.symbol}`
  const value = token.value === undefined ? undefined : i18n.formatters().formatFiat(token.value)
  const icon = balanceIconUrl(token)
  return (
    <li className="pt-item" aria-label={[token.name, quantity, value].filter(Boolean).join(', ')}>
      {icon ? <img src={icon} alt="" width={36} height={36} /> : null}
      <span className="pt-item-text">
        <span className="pt-item-label">{token.name}</span>
        <span className="pt-muted pt-text-small">{quantity}</span>
      </span>
      {value === undefined ? null : <span className="pt-text-small">{value}</span>}
    </li>
  )
}

/** The API's balances (behaviour §3: 0-decimal items already dropped); the chain's native balance without them. */
function TokensTab() {
  const i18n = useI18n()
  const account = useKernelState(selectActiveAccount)
  const network = useKernelState(selectActiveNetwork)
  if (!account?.address || !network) return <EmptyState icon="wallet" title={i18n.t('noTokens')} />
  if (account.tokenBalance.length > 0)
    return (
      <ul className="pt-list" aria-label={i18n.t('tokenList')}>
        {account.tokenBalance.map((token) => (
          <TokenRow key={token.address ?? `native:${token.symbol}`} token={token} />
        ))}
      </ul>
    )
  return (
    <ul className="pt-list" aria-label={i18n.t('tokenList')}>
      <li
        className="pt-item"
        aria-label={`${network.nativeCurrency.name}, ${i18n.formatters().formatBalance(account.balance)} ${network.nativeCurrency.symbol}`}
      >
        <span className="pt-item-text">
          <span className="pt-item-label">{network.nativeCurrency.name}</span>
          <span className="pt-muted pt-text-small">
            {i18n.formatters().formatBalance(account.balance)} {network.nativeCurrency.symbol}
          </span>
        </span>
      </li>
    </ul>
  )
}

/** The NFTs tab's body, its service calls and schemas load on first use, not with the kernel. */
const NftsTabBody = lazy(() => import(/* webpackChunkName: "nfts-tab" */ './NftsTab.tsx'))

function NftsTab() {
  const i18n = useI18n()
  // A chunk that fails to load shows the feature-failed state in the tab, not an error of the modal.
  return (
    <ErrorBoundary owner="nfts-tab" fallback={<EmptyState icon="warning" title={i18n.t('featureFailed')} />}>
      <Suspense fallback={<Spinner label={i18n.t('loading')} />}>
        <NftsTabBody />
      </Suspense>
    </ErrorBoundary>
  )
}

interface Tab {
  id: string
  label: string
  /** Elements, not a component made per render: a tab keeps its state while the view re-renders. */
  content: () => ReactNode
}

/** behaviour §2: Tokens, NFTs, Activity. Tokens and NFTs are the kernel's; further tabs come from plugins. */
export function AccountTabs() {
  const i18n = useI18n()
  const { actions, kernel } = useKernel()
  const baseId = useId()
  const currentTab = useKernelState((state) => selectActiveAccount(state)?.currentTab ?? 0)
  const contributed = useContributions('accountTabs')
  const tabs: Tab[] = [
    { id: 'tokens', label: i18n.t('tabs.tokens'), content: () => <TokensTab /> },
    { id: 'nfts', label: i18n.t('tabs.nfts'), content: () => <NftsTab /> },
    ...contributed.flatMap((tab) => {
      const ctx = kernel.plugins.contextOf(tab.pluginId)
      const Component = tab.component
      if (!ctx) return []
      const content = () => (
        <ErrorBoundary
          owner={tab.pluginId}
          fallback={<EmptyState icon="warning" title={i18n.t('featureFailed')} />}
        >
          <Component ctx={ctx} />
        </ErrorBoundary>
      )
      const label = i18n.ownerString(tab.pluginId, `tabs.${tab.id}`) ?? tab.label
      return [{ id: tab.id, label, content }]
    }),
  ]
  const selected = Math.min(currentTab, tabs.length - 1)
  const select = (index: number) => actions.setAccountTab(index)
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = (selected + step + tabs.length) % tabs.length
    select(next)
    document.getElementById(`${baseId}-tab-${next}`)?.focus()
  }
  const active = tabs[selected]
  return (
    <div className="pt-stack pt-gap-s">
      <div
        className="pt-tabs"
        role="tablist"
        aria-label={i18n.t('accountTabs')}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            id={`${baseId}-tab-${index}`}
            type="button"
            role="tab"
            className="pt-tab"
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`}>
        {active ? <Fragment key={active.id}>{active.content()}</Fragment> : null}
      </div>
    </div>
  )
}
