import { DEFAULT_DEBOUNCE_MS } from '@portico/shared-types'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { directoryOf } from '../../directory/directoryController.ts'
import { allWalletsList, type WalletChoice } from '../../directory/directoryLists.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import type { ViewProps } from '../../router/registry.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { errorMessage } from '../errorMessage.ts'
import { Button } from '../primitives/Button.tsx'
import { EmptyState } from '../primitives/EmptyState.tsx'
import { ListItem } from '../primitives/ListItem.tsx'
import { Spinner } from '../primitives/Spinner.tsx'
import { TextField } from '../primitives/TextField.tsx'
import { VirtualList } from '../VirtualList.tsx'

/** A list item (58 px) plus the list's 8 px gap. */
const ROW_HEIGHT = 66
const LIST_HEIGHT = 'min(420px, calc(100vh - 240px))'

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; query: string }
  | { status: 'failed'; message: string }

/**
 * behaviour §2 AllWallets: the whole directory, 40 a page as the list scrolls (virtualised), a search by
 * name (trimmed, debounced, up to 100 results), installed wallets marked and listed first, each
 * wallet once. Loaded lazily: this module and the virtual list are their own chunk.
 */
export default function AllWalletsView(_: ViewProps) {
  const { kernel, actions } = useKernel()
  const i18n = useI18n()
  const directory = directoryOf(kernel)
  const connectors = useKernelState((state) => state.connectors)
  const wallets = useKernelState((state) => state.wallets)
  const options = useKernelState((state) => state.options)
  const fetching = wallets.fetching
  const [query, setQuery] = useState('')
  const [search, setSearch] = useState<SearchState>({ status: 'idle' })
  const [listError, setListError] = useState<string | null>(null)
  const [searchAttempt, setSearchAttempt] = useState(0)
  const trimmed = query.trim()

  const loadMore = useCallback(() => {
    if (!directory?.hasMore()) return
    setListError(null)
    directory.fetchNextPage().catch((error: unknown) => setListError(errorMessage(error)))
  }, [directory])

  useEffect(() => {
    void directory?.initialize()
    directory?.clearSearch()
    if (kernel.store.get().wallets.wallets.length === 0) loadMore()
  }, [directory, kernel, loadMore])

  useEffect(() => {
    // Read by the effect so that "Try again" runs the same search anew.
    void searchAttempt
    if (!trimmed || !directory) {
      directory?.clearSearch()
      setSearch({ status: 'idle' })
      return
    }
    setSearch({ status: 'searching' })
    let live = true
    const timer = setTimeout(() => {
      directory
        .search(trimmed)
        .then((current) => {
          if (live && current) setSearch({ status: 'done', query: trimmed })
        })
        .catch((error: unknown) => {
          if (live) setSearch({ status: 'failed', message: errorMessage(error) })
        })
    }, DEFAULT_DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [trimmed, directory, searchAttempt])

  const searchMode = trimmed !== ''
  // Without a directory only the app's custom wallets are listed, filtered here.
  const searchDone = !directory || search.status === 'done'
  const state = useMemo(() => ({ connectors, wallets, options }), [connectors, wallets, options])
  const items = useMemo(
    () => allWalletsList(state, searchMode ? 'search' : 'list', searchMode ? trimmed : ''),
    [state, searchMode, trimmed],
  )
  const hasMore = !searchMode && !!directory?.hasMore() && !listError
  const rowCount = items.length + (hasMore && items.length > 0 ? 1 : 0)

  const choose = (choice: WalletChoice) => actions.push(choice.target.view, choice.target.params)
  const renderRow = (index: number) => {
    const choice = items[index]
    if (!choice) return <Spinner label={i18n.t('allWallets.loadingMore')} />
    return (
      <ListItem
        label={choice.name}
        {...(choice.imageUrl ? { imageUrl: choice.imageUrl } : { icon: 'wallet' as const })}
        {...(choice.installed ? { trailing: <span className="pt-tag">{i18n.t('installed')}</span> } : {})}
        onClick={() => choose(choice)}
      />
    )
  }

  let body: ReactNode
  if (searchMode && search.status === 'failed') {
    body = (
      <div className="pt-stack pt-gap-s pt-align-center">
        <p className="pt-text-small pt-tone-error" role="alert">
          {search.message}
        </p>
        <Button onClick={() => setSearchAttempt((n) => n + 1)}>{i18n.t('tryAgain')}</Button>
      </div>
    )
  } else if (searchMode && !searchDone) {
    body = <Spinner label={i18n.t('allWallets.searching')} />
  } else if (!searchMode && items.length === 0 && listError) {
    body = (
      <div className="pt-stack pt-gap-s pt-align-center">
        <p className="pt-text-title">{i18n.t('allWallets.failed')}</p>
        <p className="pt-text-small pt-tone-error" role="alert">
          {listError}
        </p>
        <Button onClick={loadMore}>{i18n.t('tryAgain')}</Button>
      </div>
    )
  } else if (!searchMode && items.length === 0 && (fetching || directory?.hasMore())) {
    body = <Spinner label={i18n.t('allWallets.loading')} />
  } else if (items.length === 0) {
    body = searchMode ? (
      <EmptyState
        icon="search"
        title={i18n.t('allWallets.noResults')}
        description={i18n.t('allWallets.noResultsFor', { query: trimmed })}
      />
    ) : (
      <EmptyState icon="wallet" title={i18n.t('allWallets.empty')} />
    )
  } else {
    body = (
      <VirtualList
        label={i18n.t('allWallets.list')}
        count={rowCount}
        rowHeight={ROW_HEIGHT}
        height={LIST_HEIGHT}
        renderRow={renderRow}
        rowKey={(index) => items[index]?.key ?? 'loading'}
        {...(hasMore ? { onEndReached: loadMore } : {})}
      />
    )
  }

  return (
    <div className="pt-stack pt-gap-m">
      <TextField label={i18n.t('allWallets.search')} value={query} onChange={setQuery} autoFocus />
      {searchMode && searchDone ? (
        <p className="pt-visually-hidden" role="status">
          {i18n.t('allWallets.results', { count: items.length })}
        </p>
      ) : null}
      {!searchMode && listError && items.length > 0 ? (
        <div className="pt-stack pt-row pt-gap-s pt-align-center pt-justify-between">
          <p className="pt-text-small pt-tone-error" role="alert">
            {listError}
          </p>
          <Button size="sm" onClick={loadMore}>
            {i18n.t('tryAgain')}
          </Button>
        </div>
      ) : null}
      {body}
    </div>
  )
}
