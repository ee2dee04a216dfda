import type { WalletDirectoryEntry } from '@portico/shared-types'
import { isAndroid, isMobile, type Platform } from './platform.ts'

/** `redirect` opens the wallet with the pairing; `href` is the wallet's link stored as the deep-link choice. */
export interface DeepLink {
  redirect: string
  href: string
}

export const isHttpUrl = (url: string) => url.startsWith('http://') || url.startsWith('https://')

/**
 * A native app link (`metamask://`, `trust:`, `rainbow`) → `<scheme>://wc?uri=<encoded uri>`, as
 * AppKit builds it; an http(s) link is a universal link instead. Android deep links inside Telegram
 * need the uri encoded twice.
 */
export function formatNativeUrl(appUrl: string, wcUri: string, platform?: Platform): DeepLink {
  if (isHttpUrl(appUrl)) return formatUniversalUrl(appUrl, wcUri)
  let base = appUrl
  if (!base.includes('://')) base = `${base.replaceAll('/', '').replaceAll(':', '')}://`
  if (!base.endsWith('/')) base = `${base}/`
  const uri = platform?.telegram && isAndroid(platform) ? encodeURIComponent(wcUri) : wcUri
  return { redirect: `${base}wc?uri=${encodeURIComponent(uri)}`, href: base }
}

/** A universal (https) link → `<link>/wc?uri=<encoded uri>`; a native link is formatted as one. */
export function formatUniversalUrl(appUrl: string, wcUri: string): DeepLink {
  if (!isHttpUrl(appUrl)) return formatNativeUrl(appUrl, wcUri)
  const base = appUrl.endsWith('/') ? appUrl : `${appUrl}/`
  return { redirect: `${base}wc?uri=${encodeURIComponent(wcUri)}`, href: base }
}

/**
 * Schemes a browser (or the OS behind it) acts on itself instead of handing to a wallet app: script,
 * data and local-file schemes, browser internals, plain-text web links (the pairing uri carries the
 * session key: never over http), Android intents (they name any app component and carry a fallback
 * URL) and Windows protocol handlers (`ms-*`, `search-ms`: shell features, not wallets).
 */
const REFUSED_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'data',
  'file',
  'filesystem',
  'blob',
  'about',
  'view-source',
  'http',
  'ftp',
  'ws',
  'wss',
  'intent',
  'jar',
  'chrome',
  'chrome-extension',
  'moz-extension',
  'resource',
  'search',
  'search-ms',
  'shell',
  'mailto',
  'tel',
  'sms',
])
/** A plain app scheme as the URL parser gives it (lower case, RFC 3986 characters), at most 32 long. */
const APP_SCHEME = /^[a-z][a-z0-9+.-]{0,31}$/
/** Unicode whitespace and invisible format characters (zero-width, bidi controls, BOM). */
const INVISIBLE = /[\s\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/u

/** C0/C1 controls, space, DEL or any invisible character: the URL parser strips or skips some. */
export function hasControlOrSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code <= 0x20 || (code >= 0x7f && code <= 0xa0)) return true
  }
  return INVISIBLE.test(text)
}

/**
 * Whether `url` may be opened as a wallet link: it parses with `new URL()` exactly as written (no
 * control character or whitespace for the parser to drop), and its scheme is https or a plain custom
 * app scheme, never one of REFUSED_SCHEMES.
 */
export function isSafeOpenUrl(url: string): boolean {
  if (url === '' || url.length > 4096 || hasControlOrSpace(url)) return false
  let scheme: string
  try {
    scheme = new URL(url).protocol.slice(0, -1)
  } catch {
    return false
  }
  if (scheme === 'https') return true
  return APP_SCHEME.test(scheme) && !REFUSED_SCHEMES.has(scheme) && !scheme.startsWith('ms-')
}

/**
 * Whether a directory link may be used at all: a bare app scheme (`rainbow`) or a URL that passes
 * isSafeOpenUrl as written. The links built from it are checked again.
 */
export const isSafeAppLink = (link: string | null | undefined): link is string =>
  typeof link === 'string' &&
  (link.includes(':') ? isSafeOpenUrl(link) : APP_SCHEME.test(link) && isSafeOpenUrl(`${link}:`))

/** `link` built for `wcUri`, when both what is opened and what is stored pass isSafeOpenUrl. */
function safeLink(build: () => DeepLink): DeepLink | undefined {
  const link = build()
  return isSafeOpenUrl(link.redirect) && isSafeOpenUrl(link.href) ? link : undefined
}

export type WalletLinkKind = 'mobile' | 'desktop' | 'web'

export interface WalletLink extends DeepLink {
  kind: WalletLinkKind
  /** Where to open it: the same tab for a mobile app (the top one inside an iframe), else a new tab. */
  target: '_self' | '_top' | '_blank'
}

/**
 * The links a directory entry offers for a pairing uri, best first: on a phone its mobile_link;
 * elsewhere its desktop_link; its webapp_link everywhere.
 */
export function walletLinks(wallet: WalletDirectoryEntry, wcUri: string, platform: Platform): WalletLink[] {
  const links: WalletLink[] = []
  const add = (kind: WalletLinkKind, target: WalletLink['target'], link: DeepLink | undefined) => {
    if (link) links.push({ kind, target, ...link })
  }
  const { mobile_link: mobile, desktop_link: desktop, webapp_link: web } = wallet
  if (isMobile(platform)) {
    if (isSafeAppLink(mobile)) {
      add(
        'mobile',
        platform.iframe ? '_top' : '_self',
        safeLink(() => formatNativeUrl(mobile, wcUri, platform)),
      )
    }
  } else if (isSafeAppLink(desktop)) {
    add(
      'desktop',
      '_blank',
      safeLink(() => formatNativeUrl(desktop, wcUri, platform)),
    )
  }
  if (isSafeAppLink(web))
    add(
      'web',
      '_blank',
      safeLink(() => formatUniversalUrl(web, wcUri)),
    )
  return links
}
