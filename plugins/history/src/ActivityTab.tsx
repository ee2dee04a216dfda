import {
  type CaipNetworkId,
  type ChainNamespace,
  DEFAULT_RETRY_INTERVAL_MS,
  MESSAGES,
  type TransactionHistoryItem,
} from '@portico/shared-types'
import type { BlockchainApiClient, IconName, PluginContext } from '@portico/shared-types/plugin'
import { useCallback, useEffect, useRef, useState } from 'react'
import { readUntilNewest } from './catchUp.ts'
import { relativeTime, transferText, visibleTransactions } from './history.ts'
import { strings } from './strings.ts'

/** behaviour §9: activity chains are eip155 and solana; bip122 too (the blockchain API reads the node). */
const ACTIVITY_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']
/** Pages read in a row while everything on them is hidden (spam, other chains). */
const MAX_EMPTY_PAGES = 5
/** First-page reads after the balance moved, until the new transaction is indexed (1 s apart, 20 s at most). */
const CATCH_UP_READS = 20

interface HistoryState {
  status: 'loading' | 'loaded' | 'empty'
  items: TransactionHistoryItem[]
  next: string | null
  loadingMore: boolean
}

const INITIAL: HistoryState = { status: 'loading', items: [], next: null, loadingMore: false }

function iconOf(item: TransactionHistoryItem): IconName {
  const directions = new Set(item.transfers.map((transfer) => transfer.direction))
  if (directions.has('in') && directions.has('out')) return 'swap'
  if (directions.has('out')) return 'send'
  if (directions.has('in')) return 'receive'
  return 'clock'
}

function Transaction({ ctx, item }: { ctx: PluginContext; item: TransactionHistoryItem }) {
  const { Icon } = ctx.ui
  const { metadata } = item
  const title = strings.operations[metadata.operationType] ?? strings.fallbackOperation
  const status = metadata.status === 'confirmed' ? '' : strings[metadata.status]
  const transfers = item.transfers.map((transfer) => transferText(transfer, ctx.chains.formatBalance))
  const age = relativeTime(metadata.minedAt)
  const label = [`${title}${status ? ` (${status})` : ''}`, transfers.join(', '), strings.ago(age)]
    .filter(Boolean)
    .join(', ')
  return (
    <li className="pt-item" aria-label={label}>
      <span className="pt-item-icon">
        <Icon name={iconOf(item)} />
      </span>
      <span className="pt-item-text">
        <span className="pt-item-label">
          {title}
          {status ? <span className="pt-tone-error"> · {status}</span> : null}
        </span>
        <span className="pt-muted pt-text-small">{transfers.join(' · ')}</span>
      </span>
      <time className="pt-muted pt-text-small" dateTime={metadata.minedAt}>
        {age}
      </time>
    </li>
  )
}

function History({
  ctx,
  api,
  address,
  chain,
  refreshKey,
}: {
  ctx: PluginContext
  api: BlockchainApiClient
  address: string
  chain: CaipNetworkId
  /** Changes when the account's balance does: something happened, read the first page again. */
  refreshKey: string | undefined
}) {
  const { Button, EmptyState, Spinner } = ctx.ui
  const [state, setState] = useState<HistoryState>(INITIAL)
  const request = useRef<AbortController | undefined>(undefined)
  const sentinel = useRef<HTMLDivElement>(null)

  /** The newest transaction shown (the first page's first item), to tell when a re-read brought a new one. */
  const newest = useRef<string | undefined>(undefined)
  const load = useCallback(
    async (cursor: string | undefined): Promise<{ newest: string | undefined } | undefined> => {
      request.current?.abort()
      const controller = new AbortController()
      request.current = controller
      if (cursor) setState((current) => ({ ...current, loadingMore: true }))
      try {
        let page = await api.fetchHistory({
          account: address,
          chainId: chain,
          cursor,
          signal: controller.signal,
        })
        let items = visibleTransactions(page.data, chain)
        for (let read = 1; items.length === 0 && page.next && read < MAX_EMPTY_PAGES; read++) {
          page = await api.fetchHistory({
            account: address,
            chainId: chain,
            cursor: page.next,
            signal: controller.signal,
          })
          items = visibleTransactions(page.data, chain)
        }
        if (controller.signal.aborted) return undefined
        const next = page.next
        if (!cursor) newest.current = items[0]?.id
        setState((current) => {
          const all = cursor ? [...current.items, ...items] : items
          return { status: all.length > 0 ? 'loaded' : 'empty', items: all, next, loadingMore: false }
        })
        return { newest: newest.current }
      } catch (error) {
        if (controller.signal.aborted) return undefined
        ctx.log.warn('could not read the transaction history', error)
        ctx.toast.error(MESSAGES.failedToFetchTransactions)
        // behaviour §4: loading, then loaded, or empty on failure (a failed further page keeps the first ones).
        setState((current) =>
          cursor ? { ...current, next: null, loadingMore: false } : { ...INITIAL, status: 'empty' },
        )
        return undefined
      }
    },
    [api, address, chain, ctx],
  )

  const shown = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the reason to read again
  useEffect(() => {
    let stopped = false
    // The first read shows what there is; a read because the balance moved waits for the new item.
    const reads = shown.current ? CATCH_UP_READS : 1
    shown.current = true
    void readUntilNewest(() => load(undefined), newest.current, {
      reads,
      intervalMs: DEFAULT_RETRY_INTERVAL_MS,
      stopped: () => stopped,
    })
    return () => {
      stopped = true
      request.current?.abort()
    }
  }, [load, refreshKey])

  const { next, loadingMore } = state
  useEffect(() => {
    const target = sentinel.current
    if (!next || loadingMore || !target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void load(next)
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [next, loadingMore, load])

  if (state.status === 'loading') return <Spinner label={strings.loading} />
  if (state.status === 'empty')
    return <EmptyState icon="clock" title={strings.empty} description={strings.emptyDescription} />
  return (
    <div className="pt-stack pt-gap-s">
      <ul className="pt-list" aria-label={strings.list}>
        {state.items.map((item) => (
          <Transaction key={item.id} ctx={ctx} item={item} />
        ))}
      </ul>
      {next ? (
        <div ref={sentinel}>
          {loadingMore ? (
            <Spinner label={strings.loadingMore} />
          ) : (
            <Button variant="ghost" fullWidth onClick={() => void load(next)}>
              {strings.loadMore}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  )
}

/** The Account view's Activity tab (behaviour §2): the connected account's transactions on the active network. */
export function ActivityTab({ ctx }: { ctx: PluginContext }) {
  const { EmptyState } = ctx.ui
  const namespace = ctx.useStore((state) => state.networks.activeNamespace)
  const account = ctx.useStore((state) => (namespace ? state.accounts[namespace] : undefined))
  const chain = ctx.useStore((state) =>
    namespace ? state.networks.byNamespace[namespace]?.caipNetwork?.caipNetworkId : undefined,
  )
  const address = account?.status === 'connected' ? account.address : undefined
  const api = ctx.services.api
  // behaviour §5: fetching transactions requires an account address.
  if (!address) return <EmptyState icon="clock" title={strings.notConnected} />
  if (!api)
    return (
      <EmptyState icon="clock" title={strings.unavailable} description={strings.unavailableDescription} />
    )
  if (!chain || !namespace || !ACTIVITY_NAMESPACES.includes(namespace))
    return <EmptyState icon="clock" title={strings.unsupported} />
  return (
    <History
      key={`${chain}:${address}`}
      ctx={ctx}
      api={api}
      address={address}
      chain={chain}
      refreshKey={account?.balance}
    />
  )
}
