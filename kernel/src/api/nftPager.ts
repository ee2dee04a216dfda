import type { NftItem } from './schemasNfts.ts'

export interface NftPagerState {
  /** Items shown: spam-flagged ones are left out. */
  items: NftItem[]
  next: string | null
  status: 'loading' | 'ready' | 'error'
  /** A Load more in flight (the first page uses status 'loading'). */
  loadingMore: boolean
  /** The last Load more failed; the items so far stay. */
  moreFailed: boolean
}

export type LoadNftPage = (
  cursor: string | undefined,
  signal: AbortSignal,
) => Promise<{ items: NftItem[]; next: string | null }>

/** Most items one list holds (Load more stops there): bounds memory whatever the API answers. */
export const MAX_LISTED_NFTS = 1000

/**
 * The NFT tab's list: first page, Load more, retry. Plain state with subscribe/get for
 * useSyncExternalStore; the first page loads on the first subscribe (a pager made and dropped
 * unseen, as React's StrictMode does, costs no request); `dispose` aborts what is in flight and
 * ignores late answers.
 */
export function createNftPager(load: LoadNftPage) {
  let state: NftPagerState = {
    items: [],
    next: null,
    status: 'loading',
    loadingMore: false,
    moreFailed: false,
  }
  const listeners = new Set<() => void>()
  const controller = new AbortController()
  const seen = new Set<string>()
  const set = (patch: Partial<NftPagerState>) => {
    if (controller.signal.aborted) return
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }
  const take = (items: NftItem[]) => {
    const fresh = items.filter((item) => !item.isSpam && !seen.has(item.id))
    for (const item of fresh) seen.add(item.id)
    return [...state.items, ...fresh].slice(0, MAX_LISTED_NFTS)
  }

  async function first() {
    set({ status: 'loading' })
    try {
      const page = await load(undefined, controller.signal)
      set({ items: take(page.items), next: page.next, status: 'ready' })
    } catch {
      set({ status: 'error' })
    }
  }

  async function more() {
    const cursor = state.next
    if (!cursor || state.loadingMore || state.status !== 'ready') return
    set({ loadingMore: true, moreFailed: false })
    try {
      const page = await load(cursor, controller.signal)
      const items = take(page.items)
      set({ items, next: items.length >= MAX_LISTED_NFTS ? null : page.next, loadingMore: false })
    } catch {
      set({ loadingMore: false, moreFailed: true })
    }
  }

  let started = false
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      if (!started) {
        started = true
        void first()
      }
      return () => listeners.delete(listener)
    },
    more,
    retry: () => (state.status === 'error' ? first() : more()),
    dispose: () => controller.abort(),
  }
}

export type NftPager = ReturnType<typeof createNftPager>
