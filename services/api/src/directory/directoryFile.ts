/**
 * Reads a wallet directory file in the WalletConnect explorer listing shape into rows the API can
 * serve. Accepted: `{ "listings": { "<id>": entry, … } }`, `{ "data": [entry, …] }` or `[entry, …]`.
 * An entry: id, name, homepage, image (a data: URI, or a URL) or image_url ({ sm, md, lg } URLs),
 * rdns, chains, links either flat (mobile_link, desktop_link, webapp_link) or grouped (mobile /
 * desktop: { native, universal }, app: { browser }), and badge_type ('certified') or badges (a list
 * holding 'certified'). Images given by URL are listed for the importer to fetch (listedImages.ts).
 *
 * The whole file is refused when it is too large, nested too deeply, not JSON, or holds too many
 * entries; a single entry is refused or cleaned by the same rules as every served row
 * (walletRules.ts), and each refusal or cleaning is reported by entry.
 */
import type { CatalogueWallet } from './catalogue.ts'
import { readWalletImage, type WalletImage } from './walletImage.ts'
import { checkWallet } from './walletRules.ts'

export const MAX_FILE_BYTES = 64 * 1024 * 1024
export const MAX_ENTRIES = 10_000
/** The listing shape is 4 levels deep (listings → entry → mobile → native); a few more are slack. */
export const MAX_DEPTH = 8

export class DirectoryFileError extends Error {}

export interface ImageUrl {
  /** Which of the listing's images: md, sm, lg (image_url) or image. */
  size: string
  url: string
}

/** An accepted wallet whose icon the listing gives by URL, the preferred URL first. */
export interface ListedImage {
  wallet: CatalogueWallet
  /** "entry 12 (<id>)", as in the report. */
  label: string
  urls: ImageUrl[]
}

export interface DirectoryImport {
  wallets: CatalogueWallet[]
  images: WalletImage[]
  /** "entry 12 (Foo Wallet): mobile_link dropped: uses the javascript: scheme", one per change. */
  report: string[]
  /** Icons to fetch: their wallets have no image_id until then. */
  imageUrls: ListedImage[]
}

/** Deepest array/object nesting, counted on the text before parsing it (JSON.parse does not bound it). */
export function jsonDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth)
    else if (c === 0x7d || c === 0x5d) depth--
  }
  return max
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function entriesOf(parsed: unknown): unknown[] {
  if (Array.isArray(parsed)) return parsed
  if (isObject(parsed) && Array.isArray(parsed.data)) return parsed.data
  if (isObject(parsed) && isObject(parsed.listings))
    return Object.entries(parsed.listings).map(([id, entry]) =>
      isObject(entry) && entry.id === undefined ? { ...entry, id } : entry,
    )
  throw new DirectoryFileError('expected a list of wallets, { "data": [...] } or { "listings": {...} }')
}

/** A grouped link ({ native, universal }): the universal (https) one first, as wallets prefer it. */
function grouped(group: unknown, ...keys: string[]): unknown {
  if (!isObject(group)) return null
  for (const key of keys) if (typeof group[key] === 'string' && group[key] !== '') return group[key]
  return null
}

function badge(entry: Record<string, unknown>): 'certified' | 'none' {
  if (entry.badge_type === 'certified') return 'certified'
  return Array.isArray(entry.badges) && entry.badges.includes('certified') ? 'certified' : 'none'
}

/** The listing's image sizes in the order they are tried: md suits the modal's icons, sm is next. */
const IMAGE_SIZES = ['md', 'sm', 'lg'] as const

/**
 * Where an entry's icon comes from: inline (a data: URI, or anything that is not a URL, for
 * readWalletImage to judge), or URLs to fetch.
 */
function imageSourceOf(
  entry: Record<string, unknown>,
): { inline: unknown } | { urls: ImageUrl[] } | undefined {
  const { image } = entry
  if (typeof image === 'string' && image.startsWith('data:')) return { inline: image }
  const urls: ImageUrl[] = []
  const sized = entry.image_url
  if (isObject(sized))
    for (const size of IMAGE_SIZES)
      if (typeof sized[size] === 'string' && sized[size] !== '') urls.push({ size, url: sized[size] })
  if (typeof image === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(image))
    urls.push({ size: 'image', url: image })
  if (urls.length > 0) return { urls }
  return image === undefined || image === null ? undefined : { inline: image }
}

/** The entry as a row for checkWallet; fields of the wrong type are passed on for it to judge. */
function rowOf(entry: Record<string, unknown>, order: number, imageId: string): CatalogueWallet {
  return {
    id: entry.id as string,
    name: entry.name as string,
    homepage: (entry.homepage ?? '') as string,
    image_id: imageId,
    order,
    rdns: (entry.rdns ?? null) as string | null,
    mobile_link: (entry.mobile_link ?? grouped(entry.mobile, 'universal', 'native')) as string | null,
    desktop_link: (entry.desktop_link ?? grouped(entry.desktop, 'universal', 'native')) as string | null,
    webapp_link: (entry.webapp_link ?? grouped(entry.app, 'browser')) as string | null,
    chains: entry.chains as string[],
    badge_type: badge(entry),
  }
}

/** Parses and checks a directory file; throws DirectoryFileError when the whole file is refused. */
export function readDirectoryFile(bytes: Buffer): DirectoryImport {
  if (bytes.length > MAX_FILE_BYTES)
    throw new DirectoryFileError(`file is ${bytes.length} bytes; at most ${MAX_FILE_BYTES} are read`)
  const text = bytes.toString('utf8')
  if (jsonDepth(text) > MAX_DEPTH) throw new DirectoryFileError(`file nests deeper than ${MAX_DEPTH} levels`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    throw new DirectoryFileError(`not JSON: ${(err as Error).message}`)
  }
  const entries = entriesOf(parsed)
  if (entries.length > MAX_ENTRIES)
    throw new DirectoryFileError(`file lists ${entries.length} wallets; at most ${MAX_ENTRIES} are imported`)
  const wallets: CatalogueWallet[] = []
  const images = new Map<string, WalletImage>()
  const report: string[] = []
  const imageUrls: ListedImage[] = []
  const seen = new Set<string>()
  entries.forEach((entry, index) => {
    const where = `entry ${index + 1}`
    if (!isObject(entry)) {
      report.push(`${where}: refused: not an object`)
      return
    }
    let imageId = ''
    const label = `${where}${typeof entry.id === 'string' ? ` (${entry.id.slice(0, 64)})` : ''}`
    const source = imageSourceOf(entry)
    if (source && 'inline' in source) {
      const image = readWalletImage(source.inline)
      if ('problem' in image) report.push(`${label}: image dropped: ${image.problem}`)
      else {
        imageId = image.id
        images.set(image.id, image)
      }
    }
    const checked = checkWallet(rowOf(entry, wallets.length + 1, imageId))
    if ('refused' in checked) {
      report.push(`${label}: refused: ${checked.refused}`)
      return
    }
    if (seen.has(checked.wallet.id)) {
      report.push(`${label}: refused: the id is listed earlier in the file`)
      return
    }
    seen.add(checked.wallet.id)
    wallets.push(checked.wallet)
    if (source && 'urls' in source) imageUrls.push({ wallet: checked.wallet, label, urls: source.urls })
    for (const note of checked.notes) report.push(`${label}: ${note}`)
  })
  const used = new Set(wallets.map((w) => w.image_id))
  return { wallets, images: [...images.values()].filter((i) => used.has(i.id)), report, imageUrls }
}
