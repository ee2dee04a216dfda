/**
 * The import's fetch of the icons a listing gives by URL (the WalletConnect explorer's image_url
 * { sm, md, lg }, or image as a URL): a few at a time, a bounded number per import, each URL at most
 * once, each wallet's URLs tried in the listing's preferred order until one gives a good image. An
 * icon that cannot be had is a report line; the wallet is imported without it.
 */
import type { DirectoryImport } from './directoryFile.ts'
import {
  fetchWalletImage,
  IMAGE_FETCH_DEFAULTS,
  type ImageFetchOptions,
  type ImageFetchResult,
  imageAgent,
} from './imageFetch.ts'

export interface ListedImageOptions extends ImageFetchOptions {
  /** Fetches in flight at once. */
  concurrency: number
  /** Fetches one import may make, redirects not counted (each follows at most maxRedirects). */
  maxFetches: number
}

export const LISTED_IMAGE_DEFAULTS: ListedImageOptions = {
  ...IMAGE_FETCH_DEFAULTS,
  concurrency: 8,
  maxFetches: 3000,
}

/** A URL as a report shows it: enough to find it in the listing, without a password it carries. */
function shown(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  if (parsed && (parsed.username || parsed.password)) {
    parsed.username = '***'
    parsed.password = ''
  }
  const text = parsed?.href ?? url
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}

/**
 * Fetches `file.imageUrls` into `file`: each wallet whose icon came gets its image_id and the image
 * is added to `file.images`; each that did not gets "image dropped: …" in `file.report`.
 */
export async function fetchListedImages(
  file: DirectoryImport,
  overrides: Partial<ListedImageOptions> = {},
): Promise<void> {
  const options = { ...LISTED_IMAGE_DEFAULTS, ...overrides }
  const pending = file.imageUrls
  if (pending.length === 0) return
  const agent = imageAgent(options)
  const byUrl = new Map<string, Promise<ImageFetchResult>>()
  const fetchOnce = (url: string): Promise<ImageFetchResult> => {
    const known = byUrl.get(url)
    if (known) return known
    if (byUrl.size >= options.maxFetches)
      return Promise.resolve({
        problem: `not fetched: one import fetches at most ${options.maxFetches} images`,
      })
    const result = fetchWalletImage(url, agent, options)
    byUrl.set(url, result)
    return result
  }
  const problems: string[][] = pending.map(() => [])
  const images = new Map(file.images.map((image) => [image.id, image]))
  let next = 0
  const worker = async () => {
    for (let index = next++; index < pending.length; index = next++) {
      const listed = pending[index]
      if (!listed) continue
      for (const { size, url } of listed.urls) {
        const result = await fetchOnce(url)
        if ('problem' in result) {
          problems[index]?.push(`${size} ${shown(url)}: ${result.problem}`)
          continue
        }
        listed.wallet.image_id = result.id
        images.set(result.id, result)
        problems[index] = []
        break
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, pending.length) }, worker))
  } finally {
    await agent.destroy()
  }
  file.images = [...images.values()]
  pending.forEach((listed, index) => {
    const dropped = problems[index] ?? []
    if (dropped.length > 0) file.report.push(`${listed.label}: image dropped: ${dropped.join('; ')}`)
  })
  file.imageUrls = []
}
