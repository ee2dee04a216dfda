/**
 * The wallet list actions (behaviour §7 wallet directory, §9 wallet list constants): they call the
 * directory client and write `state.wallets`. Views read the state and call these; they never fetch.
 */
import {
  IMAGE_PRELOAD_TIMEOUT_MS,
  SDK_TYPE,
  SDK_VERSION,
  WALLET_LIST,
  type WalletDirectoryEntry,
} from '@portico/shared-types'
import type { ToastApi } from '@portico/shared-types/plugin'
import { afterNextPaint } from '../afterNextPaint.ts'
import type { Kernel } from '../kernel.ts'
import { createDirectoryClient, type DirectoryClient, type GetWalletsParams } from './directory.ts'
import { startDirectoryAnalytics } from './directoryAnalytics.ts'
import { configuredImageOrigins } from './directoryImages.ts'

export interface DirectoryController {
  client: DirectoryClient
  /**
   * Once per modal (called on open): the analytics config, featured and recommended wallets and the
   * excluded wallets' RDNS, in parallel. A list that failed is asked again on the next call.
   */
  initialize(): Promise<void>
  /** The next page (40) of the full list; no-op while a page loads or when all are loaded. */
  fetchNextPage(): Promise<void>
  /** True once every wallet of the full list is loaded. */
  hasMore(): boolean
  /** Searches by name (trimmed; up to 100 results); resolves to whether these results are current. */
  search(text: string): Promise<boolean>
  clearSearch(): void
}

export interface DirectoryControllerOptions {
  /** Waits for an image to load (or fail), at most `timeoutMs`; default: an Image element. */
  preloadImage?: (url: string, timeoutMs: number) => Promise<void>
  /** The wait a search takes at least (behaviour §9: 300 ms). */
  searchMinWaitMs?: number
  /** Told once the analytics config call settled, whatever its outcome. */
  onAnalyticsConfig?: () => void
}

const controllers = new WeakMap<Kernel, DirectoryController>()

/** The kernel's directory controller, present when the app configured `walletDirectoryUrl`. */
export const directoryOf = (kernel: Kernel): DirectoryController | undefined => controllers.get(kernel)

/**
 * Wires the wallet directory of one modal when `walletDirectoryUrl` is set: the controller (first
 * asked on the first open, so nothing is requested before), and analytics over the same origin.
 */
export function setupDirectory(
  kernel: Kernel,
  toast: Pick<ToastApi, 'error'>,
): DirectoryController | undefined {
  const { walletDirectoryUrl, projectId, apiUrl } = kernel.store.get().options
  if (!walletDirectoryUrl) return undefined
  const client = createDirectoryClient({
    baseUrl: walletDirectoryUrl,
    imageOrigins: configuredImageOrigins({ walletDirectoryUrl, apiUrl }),
    projectId,
    sdkType: SDK_TYPE,
    sdkVersion: SDK_VERSION,
  })
  const analytics = startDirectoryAnalytics(kernel, client, toast)
  const controller = createDirectoryController(kernel, client, { onAnalyticsConfig: analytics.configSettled })
  controllers.set(kernel, controller)
  const onOpen = () => afterNextPaint(() => void controller.initialize())
  kernel.bus.on('MODAL_OPEN', onOpen)
  kernel.cleanups.push(() => {
    kernel.bus.off('MODAL_OPEN', onOpen)
    analytics.stop()
    controllers.delete(kernel)
  })
  return controller
}

export function preloadImage(url: string, timeoutMs: number): Promise<void> {
  if (typeof Image === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const image = new Image()
    const done = () => {
      clearTimeout(timer)
      image.onload = null
      image.onerror = null
      resolve()
    }
    const timer = setTimeout(done, timeoutMs)
    image.onload = done
    image.onerror = done
    image.src = url
  })
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createDirectoryController(
  kernel: Kernel,
  client: DirectoryClient,
  options: DirectoryControllerOptions = {},
): DirectoryController {
  const preload = options.preloadImage ?? preloadImage
  const searchMinWaitMs = options.searchMinWaitMs ?? WALLET_LIST.searchMinWaitMs
  const settings = () => {
    const { options: app, networks } = kernel.store.get()
    const featuredIds = app.featuredWalletIds ?? []
    const chains = Object.values(networks.byNamespace).flatMap(
      (slice) => slice?.requestedCaipNetworks.map((network) => network.caipNetworkId) ?? [],
    )
    return {
      featuredIds,
      include: app.includeWalletIds ?? [],
      exclude: app.excludeWalletIds ?? [],
      chains: [...new Set(chains)],
      analytics: app.features.analytics,
    }
  }
  /** behaviour §9: the first 20 images of a list are loaded before it shows, each waited for at most 2 s. */
  const prefetchImages = (entries: readonly WalletDirectoryEntry[]) =>
    Promise.all(
      entries
        .slice(0, WALLET_LIST.prefetchImages)
        .flatMap((entry) => (entry.image_url ? [preload(entry.image_url, IMAGE_PRELOAD_TIMEOUT_MS)] : [])),
    )
  const getWallets = async (params: GetWalletsParams) => {
    const page = await client.getWallets(params)
    await prefetchImages(page.data)
    return page
  }
  /** Query of the full list and of the recommended wallets: the featured ones are shown on their own. */
  const listParams = () => {
    const s = settings()
    return { include: s.include, exclude: [...s.exclude, ...s.featuredIds], chains: s.chains }
  }

  let initialized: Promise<void> | undefined
  const done = { analytics: false, featured: false, recommended: false, excluded: false }
  let loadedPages = 0
  let complete = false
  let pageInFlight: Promise<void> | undefined
  let searchSeq = 0

  async function loadAnalyticsConfig() {
    if (!settings().analytics) {
      done.analytics = true
      options.onAnalyticsConfig?.()
      return
    }
    try {
      const { isAnalyticsEnabled } = await client.getAnalyticsConfig()
      kernel.store.update((draft) => {
        draft.wallets.isAnalyticsEnabled = isAnalyticsEnabled
      })
    } catch (error) {
      // behaviour §8: a failed analytics config fetch turns analytics off.
      kernel.log.warn('Portico: analytics config unavailable, analytics off', error)
      kernel.store.update((draft) => {
        draft.wallets.isAnalyticsEnabled = false
      })
    }
    done.analytics = true
    options.onAnalyticsConfig?.()
  }

  async function loadFeatured() {
    const { featuredIds } = settings()
    if (featuredIds.length === 0) {
      done.featured = true
      return
    }
    try {
      const { data } = await getWallets({
        page: 1,
        entries: featuredIds.length || WALLET_LIST.featuredDefault,
        include: featuredIds,
      })
      const rank = (entry: WalletDirectoryEntry) => featuredIds.indexOf(entry.id)
      const featured = [...data].sort((a, b) => rank(a) - rank(b))
      kernel.store.update((draft) => {
        draft.wallets.featured = featured
      })
      done.featured = true
    } catch (error) {
      kernel.log.warn('Portico: featured wallets unavailable', error)
    }
  }

  async function loadRecommended() {
    try {
      const { data, count } = await getWallets({ page: 1, entries: WALLET_LIST.recommended, ...listParams() })
      kernel.store.update((draft) => {
        draft.wallets.recommended = data
        draft.wallets.count = count
      })
      done.recommended = true
    } catch (error) {
      // behaviour §8: ignored silently (asked again on the next open).
      kernel.log.debug('Portico: recommended wallets unavailable', error)
    }
  }

  async function loadExcludedRdns() {
    const { exclude } = settings()
    if (exclude.length === 0) {
      done.excluded = true
      return
    }
    try {
      const { data } = await client.getWallets({ page: 1, entries: exclude.length, include: exclude })
      const rdns = data.flatMap((entry) => (entry.rdns ? [entry.rdns] : []))
      kernel.store.update((draft) => {
        draft.wallets.excludedRDNS = rdns
      })
      done.excluded = true
    } catch (error) {
      kernel.log.warn('Portico: excluded wallets could not be looked up', error)
    }
  }

  const controller: DirectoryController = {
    client,
    initialize() {
      if (initialized) return initialized
      const run = (async () => {
        await Promise.all([
          done.analytics ? undefined : loadAnalyticsConfig(),
          done.featured ? undefined : loadFeatured(),
          done.recommended ? undefined : loadRecommended(),
          done.excluded ? undefined : loadExcludedRdns(),
        ])
      })()
      initialized = run
      // Whatever failed is asked again by the next call.
      void run.finally(() => {
        if (!Object.values(done).every(Boolean)) initialized = undefined
      })
      return run
    },

    hasMore: () => !complete,

    fetchNextPage() {
      if (pageInFlight) return pageInFlight
      if (complete) return Promise.resolve()
      const page = loadedPages + 1
      kernel.store.update((draft) => {
        draft.wallets.fetching = true
      })
      pageInFlight = (async () => {
        try {
          const { data, count } = await getWallets({ page, entries: WALLET_LIST.pageSize, ...listParams() })
          loadedPages = page
          kernel.store.update((draft) => {
            const known = new Set(draft.wallets.wallets.map((entry) => entry.id))
            draft.wallets.wallets.push(...data.filter((entry) => !known.has(entry.id)))
            draft.wallets.count = count
            draft.wallets.page = page
          })
          complete = data.length < WALLET_LIST.pageSize || page * WALLET_LIST.pageSize >= count
        } finally {
          pageInFlight = undefined
          kernel.store.update((draft) => {
            draft.wallets.fetching = false
          })
        }
      })()
      return pageInFlight
    },

    async search(text) {
      const seq = ++searchSeq
      const search = text.trim()
      if (!search) {
        controller.clearSearch()
        return true
      }
      const s = settings()
      const [{ data }] = await Promise.all([
        getWallets({
          page: 1,
          entries: WALLET_LIST.searchEntries,
          search,
          include: s.include,
          exclude: s.exclude,
          chains: s.chains,
        }),
        wait(searchMinWaitMs),
      ])
      if (seq !== searchSeq) return false
      kernel.store.update((draft) => {
        draft.wallets.search = data
      })
      return true
    },

    clearSearch() {
      searchSeq++
      if (kernel.store.get().wallets.search.length === 0) return
      kernel.store.update((draft) => {
        draft.wallets.search = []
      })
    },
  }
  return controller
}
