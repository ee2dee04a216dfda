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

/** Schemes that would run code or read local data instead of opening a wallet. */
const UNSAFE_SCHEME = /^\s*(javascript|data|vbscript|file|blob|about):/i

/** Whether a directory link may be opened: anything but a script/data/local scheme. */
export const isSafeAppLink = (link: string | null | undefined): link is string =>
  typeof link === 'string' && link.trim() !== '' && !UNSAFE_SCHEME.test(link)

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
  if (isMobile(platform)) {
    if (isSafeAppLink(wallet.mobile_link)) {
      links.push({
        kind: 'mobile',
        target: platform.iframe ? '_top' : '_self',
        ...formatNativeUrl(wallet.mobile_link, wcUri, platform),
      })
    }
  } else if (isSafeAppLink(wallet.desktop_link)) {
    links.push({
      kind: 'desktop',
      target: '_blank',
      ...formatNativeUrl(wallet.desktop_link, wcUri, platform),
    })
  }
  if (isSafeAppLink(wallet.webapp_link)) {
    links.push({ kind: 'web', target: '_blank', ...formatUniversalUrl(wallet.webapp_link, wcUri) })
  }
  return links
}
