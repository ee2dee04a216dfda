import {
  type Catalogue,
  type CatalogueImage,
  catalogueImage,
  createCatalogue,
  imageKey,
  readImageFiles,
} from './catalogue.ts'
import type { DirectoryImport } from './directoryFile.ts'
import { fetchDirectory } from './upstream.ts'

export interface UpstreamLog {
  warn(obj: object, msg: string): void
}

export interface UpstreamCatalogue {
  /** Answers from the last good reading of the upstream. */
  catalogue: Catalogue
  stop(): void
}

function toCatalogue(file: DirectoryImport, publicImages: Map<string, CatalogueImage>): Catalogue {
  const images = new Map(publicImages)
  for (const image of file.images)
    images.set(imageKey('wallet', image.id), catalogueImage(image.body, image.contentType))
  return createCatalogue(file.wallets, images)
}

/**
 * The upstream directory, read at start (the API does not start without one) and again every
 * `refreshMs`; a failed or empty reading keeps the last good one and is logged. Network, currency
 * and token images come from the data directory.
 */
export async function startUpstreamCatalogue(
  opts: { url: string; dataDir: string; refreshMs: number; timeoutMs: number },
  log: UpstreamLog,
  fetchFile: (url: string, timeoutMs: number) => Promise<DirectoryImport> = fetchDirectory,
): Promise<UpstreamCatalogue> {
  const publicImages = readImageFiles(opts.dataDir, ['asset', 'currency', 'token'])
  const read = async (): Promise<Catalogue> => {
    const file = await fetchFile(opts.url, opts.timeoutMs)
    if (file.wallets.length === 0) throw new Error('the upstream directory has no acceptable wallet')
    if (file.report.length > 0)
      log.warn(
        { url: opts.url, refusedOrCleaned: file.report.slice(0, 20), count: file.report.length },
        'upstream directory entries refused or cleaned',
      )
    return toCatalogue(file, publicImages)
  }
  let current: Catalogue
  try {
    current = await read()
  } catch (err) {
    throw new Error(`PORTICO_WALLET_DIRECTORY_URL ${opts.url}: ${(err as Error).message}`)
  }
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    read()
      .then((next) => {
        current = next
      })
      .catch((err: Error) =>
        log.warn(
          { url: opts.url, err: err.message },
          'upstream directory not refreshed; serving the last one',
        ),
      )
      .finally(() => {
        running = false
      })
  }, opts.refreshMs)
  timer.unref()
  return {
    catalogue: {
      get wallets() {
        return current.wallets
      },
      query: (q) => current.query(q),
      image: (kind, id) => current.image(kind, id),
    },
    stop: () => clearInterval(timer),
  }
}
