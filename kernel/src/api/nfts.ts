/**
 * The Account view's NFTs: pages of services/api's NFT route, checked item by item, with images
 * allowed only as data:image URIs or URLs of the API's own origin (token metadata is hostile input).
 * Loaded with the NFT tab's chunk, not with the kernel.
 */
import { type CaipNetworkId, SDK_TYPE, SDK_VERSION } from '@portico/shared-types'
import * as v from 'valibot'
import { apiPath } from './blockchainApi.ts'
import { createHttpClient } from './http.ts'
import { type NftItem, NftItemSchema, NftPageSchema } from './schemasNfts.ts'

export interface NftPage {
  items: NftItem[]
  next: string | null
}

export interface NftSource {
  apiUrl: string
  projectId: string
  fetch?: typeof fetch
  /** Told once per dropped item. */
  onDropped?(reason: string): void
}

const DATA_IMAGE =
  /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;[a-z0-9=.+-]{1,40}){0,3},[A-Za-z0-9+/=%._~-]*$/i

/** The image URL the tab may show: a data:image URI or an http(s) URL of the API's origin; else undefined. */
export function safeNftImage(raw: string | null, apiUrl: string): string | undefined {
  if (!raw) return undefined
  if (/^data:/i.test(raw)) return DATA_IMAGE.test(raw) ? raw : undefined
  let url: URL
  let api: URL
  try {
    url = new URL(raw)
    api = new URL(apiUrl)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username || url.password || url.origin !== api.origin) return undefined
  return url.href
}

export function createNftSource({ apiUrl, projectId, fetch, onDropped }: NftSource) {
  const http = createHttpClient({ baseUrl: apiUrl, ...(fetch && { fetch }) })
  return {
    async fetchPage(
      address: string,
      caipNetworkId: CaipNetworkId,
      cursor?: string,
      signal?: AbortSignal,
    ): Promise<NftPage> {
      const page = await http.get(apiPath`/v1/account/${address}/nfts`, {
        query: { projectId, st: SDK_TYPE, sv: SDK_VERSION, chainId: caipNetworkId, cursor },
        schema: NftPageSchema,
        signal,
      })
      const items: NftItem[] = []
      for (const raw of page.data) {
        const parsed = v.safeParse(NftItemSchema, raw)
        if (!parsed.success) {
          onDropped?.(parsed.issues[0]?.message ?? 'malformed item')
          continue
        }
        items.push({ ...parsed.output, image: safeNftImage(parsed.output.image, apiUrl) ?? null })
      }
      return { items, next: page.next }
    },
  }
}

export type NftSourceClient = ReturnType<typeof createNftSource>
