import type { TokenBalance } from '@portico/shared-types'
import type { KeyboardEvent, ReactNode } from 'react'
import { Fragment, useId } from 'react'
import { formatBalance, formatFiat } from '../../chains/format.ts'
import { en } from '../../i18n/en.ts'
import { selectActiveAccount, selectActiveNetwork } from '../../state/selectors.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { EmptyState } from '../primitives/EmptyState.tsx'
import { ErrorBoundary } from '../shell/ErrorBoundary.tsx'
import { useContributions } from '../useContributions.ts'

function TokenRow({ token }: { token: TokenBalance }) {
  const quantity = `${formatBalance(token.quantity.numeric)} ${token.symbol}`
  const value = token.value === undefined ? undefined : formatFiat(token.value)
  return (
    <li className="pt-item" aria-label={[token.name, quantity, value].filter(Boolean).join(', ')}>
      {token.iconUrl ? <img src={token.iconUrl} alt="" width={36} height={36} /> : null}
      <span className="pt-item-text">
        <span className="pt-item-label">{token.name}</span>
        <span className="pt-muted pt-text-small">{quantity}</span>
      </span>
      {value === undefined ? null : <span className="pt-text-small">{value}</span>}
    </li>
  )
}

/** The API's balances (SPEC §3: 0-decimal items already dropped); the chain's native balance without them. */
function TokensTab() {
  const account = useKernelState(selectActiveAccount)
  const network = useKernelState(selectActiveNetwork)
  if (!account?.address || !network) return <EmptyState icon="wallet" title={en.noTokens} />
  if (account.tokenBalance.length > 0)
    return (
      <ul className="pt-list" aria-label={en.tokenList}>
        {account.tokenBalance.map((token) => (
          <TokenRow key={token.address ?? `native:${token.symbol}`} token={token} />
        ))}
      </ul>
    )
  return (
    <ul className="pt-list" aria-label={en.tokenList}>
      <li
        className="pt-item"
        aria-label={`${network.nativeCurrency.name}, ${formatBalance(account.balance)} ${network.nativeCurrency.symbol}`}
      >
        <span className="pt-item-text">
          <span className="pt-item-label">{network.nativeCurrency.name}</span>
          <span className="pt-muted pt-text-small">
            {formatBalance(account.balance)} {network.nativeCurrency.symbol}
          </span>
        </span>
      </li>
    </ul>
  )
}

function NftsTab() {
  return <EmptyState icon="card" title={en.noNfts} description={en.noNftsDescription} />
}

interface Tab {
  id: string
  label: string
  /** Elements, not a component made per render: a tab keeps its state while the view re-renders. */
  content: () => ReactNode
}

/** SPEC §2: Tokens, NFTs, Activity. Tokens and NFTs are the kernel's; further tabs come from plugins. */
export function AccountTabs() {
  const { kernel } = useKernel()
  const baseId = useId()
  const currentTab = useKernelState((state) => selectActiveAccount(state)?.currentTab ?? 0)
  const contributed = useContributions('accountTabs')
  const tabs: Tab[] = [
    { id: 'tokens', label: en.tabs.tokens, content: () => <TokensTab /> },
    { id: 'nfts', label: en.tabs.nfts, content: () => <NftsTab /> },
    ...contributed.flatMap((tab) => {
      const ctx = kernel.plugins.contextOf(tab.pluginId)
      const Component = tab.component
      if (!ctx) return []
      const content = () => (
        <ErrorBoundary owner={tab.pluginId} fallback={<EmptyState icon="warning" title={en.featureFailed} />}>
          <Component ctx={ctx} />
        </ErrorBoundary>
      )
      return [{ id: tab.id, label: tab.label, content }]
    }),
  ]
  const selected = Math.min(currentTab, tabs.length - 1)
  const select = (index: number) =>
    kernel.store.update((draft) => {
      const namespace = draft.networks.activeNamespace
      const account = namespace ? draft.accounts[namespace] : undefined
      if (account) account.currentTab = index
    })
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
      <div className="pt-tabs" role="tablist" aria-label={en.accountTabs} tabIndex={-1} onKeyDown={onKeyDown}>
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
