/**
 * A wallet icon of a directory file, given inline as a data: URI or fetched from the listing's URL
 * (imageFetch.ts). The API serves it from its own origin (GET /getWalletImage/{id}), so both are
 * checked here the same way: a known raster type whose bytes say so, or an SVG with nothing that runs
 * or loads anything; at most MAX_IMAGE_BYTES.
 */
import { createHash } from 'node:crypto'

export const MAX_IMAGE_BYTES = 128 * 1024

export const IMAGE_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp'] as const
export type ImageType = (typeof IMAGE_TYPES)[number]

export interface WalletImage {
  /** Content-addressed: a changed icon gets a new id, so a cached old one is never shown for it. */
  id: string
  contentType: ImageType
  body: Buffer
}

const DATA_URI = /^data:(image\/(?:svg\+xml|png|jpeg|webp));base64,([A-Za-z0-9+/]*={0,2})$/
// Base64 holds 3 bytes in 4 characters: a longer text cannot decode to an allowed image.
const MAX_URI_CHARS = 64 + Math.ceil(MAX_IMAGE_BYTES / 3) * 4

/**
 * What an SVG must not hold: script, event handlers, links and loads from elsewhere (a url() other
 * than a reference inside the image, such as a gradient's), embedded documents, entities.
 */
const SVG_ACTIVE =
  /<\s*(?:script|foreignObject|iframe|object|embed|a|use|image|animate|set)\b|\bon[a-z]+\s*=|(?:href|src)\s*=|javascript:|<!ENTITY|<!DOCTYPE|@import|url\s*\(\s*['"]?(?!#)/i

const startsWith = (body: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => body[at + i] === b)

function looksLike(type: ImageType, body: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    case 'image/jpeg':
      return startsWith(body, [0xff, 0xd8, 0xff])
    case 'image/webp':
      return startsWith(body, [0x52, 0x49, 0x46, 0x46]) && startsWith(body, [0x57, 0x45, 0x42, 0x50], 8)
    case 'image/svg+xml':
      return /^\s*(?:<\?xml[^>]*>\s*)?<svg[\s>]/i.test(body.toString('utf8'))
  }
}

const isImageType = (value: string): value is ImageType => (IMAGE_TYPES as readonly string[]).includes(value)

/** The image of a data: URI, or why it is refused. */
export function readWalletImage(raw: unknown): WalletImage | { problem: string } {
  if (typeof raw !== 'string') return { problem: 'image must be a data: URI string' }
  if (raw.length > MAX_URI_CHARS) return { problem: `image larger than ${MAX_IMAGE_BYTES} bytes` }
  const match = DATA_URI.exec(raw)
  const contentType = match?.[1]
  if (!match?.[2] || !contentType)
    return { problem: `image must be a base64 data: URI of ${IMAGE_TYPES.join(', ')}` }
  return checkWalletImage(contentType, Buffer.from(match[2], 'base64'))
}

/**
 * The image of these bytes under this media type (a Content-Type's parameters are ignored), or why
 * it is refused.
 */
export function checkWalletImage(type: string, body: Buffer): WalletImage | { problem: string } {
  const contentType = type.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!isImageType(contentType))
    return {
      problem: `image type ${JSON.stringify(contentType.slice(0, 64))} is not one of ${IMAGE_TYPES.join(', ')}`,
    }
  if (body.length === 0) return { problem: 'image is empty' }
  if (body.length > MAX_IMAGE_BYTES) return { problem: `image larger than ${MAX_IMAGE_BYTES} bytes` }
  if (!looksLike(contentType, body)) return { problem: `image bytes are not ${contentType}` }
  if (contentType === 'image/svg+xml' && SVG_ACTIVE.test(body.toString('utf8')))
    return { problem: 'SVG image holds script, links, styles or entities' }
  const id = createHash('sha256').update(contentType).update(body).digest('hex').slice(0, 40)
  return { id, contentType, body }
}
