/**
 * Token metadata (ERC-721 tokenURI / ERC-1155 uri) read without fetching anything: only data: URIs
 * holding JSON are parsed; an image is kept only as a data:image URI or a URL of the API's own origin.
 * Everything is bounded (URI, JSON, name, image sizes), so hostile metadata costs little and shows nothing.
 */
import { displayText } from '../displayText.ts'

/** Longest token URI read (a data: URI carrying JSON and maybe an inline image). */
export const MAX_URI_CHARS = 128 * 1024
/** Longest decoded metadata JSON parsed. */
export const MAX_JSON_BYTES = 96 * 1024
export const MAX_IMAGE_CHARS = 96 * 1024
export const MAX_NAME_CHARS = 100

export interface NftMetadata {
  name: string | null
  image: string | null
}

const EMPTY: NftMetadata = { name: null, image: null }
const DATA_JSON = /^data:application\/json(;[a-z0-9=.+-]{1,40}){0,3},/i
const DATA_IMAGE =
  /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;[a-z0-9=.+-]{1,40}){0,3},[A-Za-z0-9+/=%._~-]*$/i

/** The metadata of a token URI; empty for anything but a well-formed, bounded data: JSON URI. */
export function parseTokenMetadata(uri: unknown, apiOrigin: string | undefined): NftMetadata {
  if (typeof uri !== 'string' || uri.length > MAX_URI_CHARS) return EMPTY
  const json = decodeDataJson(uri.trim())
  if (json === null) return EMPTY
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return EMPTY
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return EMPTY
  const record = value as Record<string, unknown>
  return { name: cleanName(record.name), image: safeImageUrl(record.image, apiOrigin) }
}

function decodeDataJson(uri: string): string | null {
  const header = DATA_JSON.exec(uri)
  if (!header) return null
  const body = uri.slice(header[0].length)
  const base64 = /;base64,$/i.test(header[0])
  let bytes: Buffer
  try {
    if (base64) {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null
      bytes = Buffer.from(body, 'base64')
    } else bytes = Buffer.from(decodeURIComponent(body), 'utf8')
  } catch {
    return null
  }
  if (bytes.length > MAX_JSON_BYTES) return null
  return bytes.toString('utf8')
}

/** A display name (displayText.ts: invisible, bidi and excess combining characters removed), at most MAX_NAME_CHARS. */
export function cleanName(raw: unknown): string | null {
  return displayText(raw, MAX_NAME_CHARS)
}

/** data:image/(png|jpeg|gif|webp|svg+xml) or an http(s) URL of the API's own origin; else null. */
export function safeImageUrl(raw: unknown, apiOrigin: string | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_IMAGE_CHARS) return null
  if (/^data:/i.test(raw)) return DATA_IMAGE.test(raw) ? raw : null
  if (!apiOrigin) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username || url.password || url.origin !== apiOrigin) return null
  return url.href
}

/** An ERC-1155 uri with its {id} placeholder replaced (64 lower-case hex digits, EIP-1155). */
export function erc1155Uri(template: string, tokenId: string): string {
  return template.replaceAll('{id}', BigInt(tokenId).toString(16).padStart(64, '0'))
}
