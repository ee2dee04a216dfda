/**
 * The wallet directory API client (behaviour §7): GET /getWallets, GET /getAnalyticsConfig, the image
 * URLs, and the analytics sink POST /e. Every answer is schema-checked; projectId, st and sv go on
 * every call.
 */
import type { WalletDirectoryEntry } from '@portico/shared-types'
import * as v from 'valibot'
import { createHttpClient, type HttpClientOptions, type Query } from '../api/http.ts'
import { configuredImageOrigins, directoryImageUrl } from './directoryImages.ts'

export interface DirectoryClientOptions
  extends Pick<HttpClientOptions, 'timeoutMs' | 'retries' | 'baseDelayMs' | 'fetch' | 'clientId'> {
  baseUrl: string
  projectId: string
  sdkType: string
  sdkVersion: string
  /**
   * Origins an entry's own `image_url` may point at (see directoryImages.ts); default: the
   * directory's. Any other image_url is replaced by the directory's image of the entry, or none.
   */
  imageOrigins?: readonly string[]
}

export interface GetWalletsParams {
  page: number
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  /** CAIP-2 network ids. */
  chains?: readonly string[]
  search?: string
  badge_type?: 'none' | 'certified'
  signal?: AbortSignal
}

export interface WalletsPage {
  data: WalletDirectoryEntry[]
  count: number
}

export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
}

export interface DirectoryClient {
  getWallets(params: GetWalletsParams): Promise<WalletsPage>
  getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }>
  /** POST /e, once (never retried: the event may have been stored). */
  sendEvent(event: AnalyticsEvent): Promise<void>
  walletImageUrl(imageId: string): string
  assetImageUrl(imageId: string): string
  currencyImageUrl(code: string): string
  tokenImageUrl(symbol: string): string
}

/** Absent or null both read as absent. */
const maybeText = v.optional(
  v.pipe(
    v.nullable(v.string()),
    v.transform((value) => value ?? undefined),
  ),
)
const nullableText = v.optional(v.nullable(v.string()), null)

export const WalletEntrySchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.string(),
  image_id: maybeText,
  image_url: maybeText,
  rdns: nullableText,
  homepage: maybeText,
  mobile_link: nullableText,
  desktop_link: nullableText,
  webapp_link: nullableText,
  chains: v.optional(v.array(v.string())),
  badge_type: v.optional(v.picklist(['none', 'certified'])),
})

export const WalletsPageSchema = v.object({
  data: v.array(WalletEntrySchema),
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
})

export const AnalyticsConfigSchema = v.object({ isAnalyticsEnabled: v.boolean() })

const list = (items: readonly string[] | undefined) => (items?.length ? items.join(',') : undefined)

export function createDirectoryClient(options: DirectoryClientOptions): DirectoryClient {
  const { baseUrl, projectId, sdkType, sdkVersion } = options
  const http = createHttpClient(options)
  // Analytics is fire-and-forget: one attempt, a short wait.
  const sink = createHttpClient({
    ...options,
    retries: 0,
    timeoutMs: Math.min(options.timeoutMs ?? 5_000, 5_000),
  })
  const sdk = { projectId, st: sdkType, sv: sdkVersion }
  const base = baseUrl.replace(/\/+$/, '')
  const imageUrl = (path: string, id: string) => {
    const query = new URLSearchParams(sdk)
    if (options.clientId) query.set('clientId', options.clientId)
    return `${base}${path}/${encodeURIComponent(id)}?${query}`
  }
  const imageOrigins = options.imageOrigins ?? configuredImageOrigins({ walletDirectoryUrl: baseUrl })
  const withImage = (entry: v.InferOutput<typeof WalletEntrySchema>): WalletDirectoryEntry => {
    const { image_url, ...rest } = entry
    const url =
      directoryImageUrl(image_url, imageOrigins, baseUrl) ??
      (entry.image_id ? imageUrl('/getWalletImage', entry.image_id) : undefined)
    return url ? { ...rest, image_url: url } : rest
  }
  return {
    async getWallets({ signal, ...params }) {
      const query: Query = {
        ...sdk,
        page: params.page,
        entries: params.entries,
        include: list(params.include),
        exclude: list(params.exclude),
        chains: list(params.chains),
        search: params.search?.trim() || undefined,
        badge_type: params.badge_type,
      }
      const page = await http.get('/getWallets', {
        query,
        schema: WalletsPageSchema,
        ...(signal ? { signal } : {}),
      })
      return { data: page.data.map(withImage), count: page.count }
    },
    getAnalyticsConfig: () => http.get('/getAnalyticsConfig', { query: sdk, schema: AnalyticsConfigSchema }),
    async sendEvent(event) {
      await sink.post('/e', { query: sdk, body: event, schema: v.unknown() })
    },
    walletImageUrl: (id) => imageUrl('/getWalletImage', id),
    assetImageUrl: (id) => imageUrl('/public/getAssetImage', id),
    currencyImageUrl: (id) => imageUrl('/public/getCurrencyImage', id),
    tokenImageUrl: (id) => imageUrl('/public/getTokenImage', id),
  }
}
