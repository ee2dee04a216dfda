/**
 * Which wallet image URLs the page may request (never a host the app did not
 * configure). A directory entry's `image_url` comes from the directory's answer, so it is trusted only
 * on the origins the app configured for it (its `walletDirectoryUrl`, or the `apiUrl` that serves it)
 * or as an inline `data:image/…`. A custom wallet's `image_url` is written by the app itself in its
 * config, so any https URL (or a URL on the page's own origin, or a data image) is allowed there.
 * Anything else is dropped and the UI shows its placeholder.
 */
import type { ModalOptions, WalletDirectoryEntry } from '@portico/shared-types'

/** A data URL of an image type (an <img> never runs script from it), at most 256 KB. */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]{1,40}[;,]/i
const MAX_DATA_URL = 256 * 1024

export const isDataImageUrl = (url: string) => url.length <= MAX_DATA_URL && DATA_IMAGE.test(url)

const pageHref = () => globalThis.location?.href

/** `url` parsed with `new URL()` against `base`; undefined when it does not parse. */
function parse(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base)
  } catch {
    return undefined
  }
}

/** The origins of the app's configured directory and API URLs (relative ones against the page). */
export function configuredImageOrigins(
  options: Pick<ModalOptions, 'walletDirectoryUrl' | 'apiUrl'>,
  base = pageHref(),
): string[] {
  const origins = [options.walletDirectoryUrl, options.apiUrl].flatMap((url) => {
    const parsed = url ? parse(url, base) : undefined
    return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? [parsed.origin] : []
  })
  return [...new Set(origins)]
}

/**
 * A directory image URL when it is a data image or an http(s) URL on one of `origins` (a relative
 * one resolved against `base`, the directory URL); otherwise undefined.
 */
export function directoryImageUrl(
  url: string | undefined,
  origins: readonly string[],
  base?: string,
): string | undefined {
  if (!url) return undefined
  if (isDataImageUrl(url)) return url
  if (url.length > 2048) return undefined
  const parsed = parse(url, (base && parse(base, pageHref())?.href) || pageHref())
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return undefined
  return origins.includes(parsed.origin) ? parsed.href : undefined
}

/** An app-configured image URL: https anywhere, http(s) on the page's own origin, or a data image. */
export function appImageUrl(url: string | undefined, base = pageHref()): string | undefined {
  if (!url) return undefined
  if (isDataImageUrl(url)) return url
  if (url.length > 2048) return undefined
  const parsed = parse(url, base)
  if (!parsed) return undefined
  const samePage = base !== undefined && parse(base)?.origin === parsed.origin
  return parsed.protocol === 'https:' || (samePage && parsed.protocol === 'http:') ? parsed.href : undefined
}

/**
 * `entry` with an image URL the page may request: the app's own rule when the entry is one of its
 * custom wallets with that very image, else the directory rule. The same object when nothing changes.
 */
export function withAllowedImage(
  entry: WalletDirectoryEntry,
  options: Pick<ModalOptions, 'walletDirectoryUrl' | 'apiUrl' | 'customWallets'>,
): WalletDirectoryEntry {
  const url = entry.image_url
  if (!url) return entry
  const custom = options.customWallets?.some((wallet) => wallet.id === entry.id && wallet.image_url === url)
  const allowed = custom
    ? appImageUrl(url)
    : directoryImageUrl(url, configuredImageOrigins(options), options.walletDirectoryUrl)
  if (allowed === url) return entry
  const { image_url: _dropped, ...rest } = entry
  return allowed ? { ...rest, image_url: allowed } : rest
}
