import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PACKAGE_DIR } from '../config.ts'
import { checkWallet } from './walletRules.ts'

/** One wallet of the directory, as served by GET /getWallets (behaviour §3 wallet directory entry). */
export interface CatalogueWallet {
  id: string
  name: string
  homepage: string
  image_id: string
  /** Rank in the default order (1 first). */
  order: number
  rdns: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  /** CAIP-2 networks the wallet supports. */
  chains: string[]
  badge_type: 'none' | 'certified'
}

export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

export interface CatalogueImage {
  body: Buffer
  etag: string
  contentType: string
}

export interface WalletQuery {
  page: number
  entries: number
  include?: string[]
  exclude?: string[]
  chains?: string[]
  /** Already trimmed; matched case-insensitively anywhere in the name. */
  search?: string
  badge_type?: 'none' | 'certified'
}

export interface Catalogue {
  wallets: readonly CatalogueWallet[]
  query(q: WalletQuery): { data: CatalogueWallet[]; count: number }
  image(kind: ImageKind, id: string): CatalogueImage | undefined
}

/**
 * The dev stack's invented directory (320 wallets, the certified dev wallet first) and the network,
 * currency and token images: test fixtures, served while PORTICO_WALLET_DIRECTORY is dev.
 */
export const DEFAULT_DATA_DIR = join(PACKAGE_DIR, 'test', 'fixtures', 'dev-directory')

const IMAGE_DIRS: Record<ImageKind, string> = {
  wallet: 'wallet-icons',
  asset: 'public-images/asset',
  currency: 'public-images/currency',
  token: 'public-images/token',
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`

/** Every SVG of the given kinds under the data directory (a few hundred KB). */
export function readImageFiles(dataDir: string, kinds: ImageKind[]): Map<string, CatalogueImage> {
  const images = new Map<string, CatalogueImage>()
  for (const kind of kinds) {
    const path = join(dataDir, IMAGE_DIRS[kind])
    if (!existsSync(path)) continue
    for (const name of readdirSync(path)) {
      if (!name.endsWith('.svg')) continue
      const body = readFileSync(join(path, name))
      images.set(imageKey(kind, name.slice(0, -'.svg'.length)), {
        body,
        etag: etagOf(body),
        contentType: 'image/svg+xml',
      })
    }
  }
  return images
}

/** Rows the wallet rules refuse stop the start: a fixture file is ours, a bad row is a bug in it. */
export function checkedWallets(rows: readonly CatalogueWallet[], source: string): CatalogueWallet[] {
  return rows.map((row, index) => {
    const checked = checkWallet(row)
    if ('refused' in checked) throw new Error(`${source}: wallet ${index + 1}: ${checked.refused}`)
    return checked.wallet
  })
}

/** Reads wallets.json and every SVG under the data directory into memory (the dev directory). */
export function loadCatalogue(dataDir: string = DEFAULT_DATA_DIR): Catalogue {
  const file = join(dataDir, 'wallets.json')
  if (!existsSync(file))
    throw new Error(
      `Wallet catalogue missing: ${file} (run: npx tsx services/api/scripts/generate-wallets.ts)`,
    )
  const wallets = JSON.parse(readFileSync(file, 'utf8')) as CatalogueWallet[]
  if (!Array.isArray(wallets)) throw new Error(`${file}: expected an array of wallets`)
  return createCatalogue(
    checkedWallets(wallets, file),
    readImageFiles(dataDir, ['wallet', 'asset', 'currency', 'token']),
  )
}

/** An image as served: its bytes, ETag and content type. */
export function catalogueImage(body: Buffer, contentType: string): CatalogueImage {
  return { body, etag: etagOf(body), contentType }
}

// Currency and token ids are symbols: looked up case-insensitively.
export const imageKey = (kind: ImageKind, id: string) =>
  `${kind}:${kind === 'currency' || kind === 'token' ? id.toUpperCase() : id}`

export function createCatalogue(
  list: readonly CatalogueWallet[],
  images: Map<string, CatalogueImage> = new Map(),
): Catalogue {
  const wallets = [...list].sort((a, b) => a.order - b.order)
  const lowerNames = new Map(wallets.map((w) => [w.id, w.name.toLowerCase()]))
  return {
    wallets,
    query(q) {
      const include = q.include?.length ? new Set(q.include) : undefined
      const exclude = new Set(q.exclude ?? [])
      const chains = q.chains?.length ? new Set(q.chains) : undefined
      const search = q.search?.toLowerCase()
      const matching = wallets.filter(
        (w) =>
          (!include || include.has(w.id)) &&
          !exclude.has(w.id) &&
          (!chains || w.chains.some((chain) => chains.has(chain))) &&
          (!search || (lowerNames.get(w.id) ?? '').includes(search)) &&
          (q.badge_type !== 'certified' || w.badge_type === 'certified'),
      )
      // A search lists names that start with the text before those that only contain it.
      if (search)
        matching.sort(
          (a, b) =>
            Number(!(lowerNames.get(a.id) ?? '').startsWith(search)) -
              Number(!(lowerNames.get(b.id) ?? '').startsWith(search)) || a.order - b.order,
        )
      const start = (q.page - 1) * q.entries
      return { data: matching.slice(start, start + q.entries), count: matching.length }
    },
    image: (kind, id) => images.get(imageKey(kind, id)),
  }
}
