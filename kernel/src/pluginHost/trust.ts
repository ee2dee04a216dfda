import type { ResolvedOptions } from '@portico/shared-types'
import { RemoteRefusedError } from './errors.ts'

const SCHEMES = new Set(['https:', 'http:'])
const SRI = /^(sha256|sha384|sha512)-[A-Za-z0-9+/]{43,86}={0,2}$/

/** The origin of a remote URL; only http(s) URLs can be plugin remotes. */
export function remoteOrigin(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch (error) {
    throw new RemoteRefusedError(`"${url.slice(0, 120)}" is not a URL`, { cause: error })
  }
  if (!SCHEMES.has(parsed.protocol))
    throw new RemoteRefusedError(`${parsed.protocol} URLs cannot be plugin remotes`)
  return parsed.origin
}

/**
 * A remote URL as the app configured it, with a path on the page's own origin (`pluginBaseUrl:
 * '/plugins'`) made absolute. Anything else is unchanged and left to the origin checks, including a
 * path the URL parser reads as another host (`//x`, a backslash, a tab), and so is every URL without a
 * page (server rendering).
 */
export function resolveAgainstPage(url: string): string {
  const base = globalThis.document?.baseURI
  if (!base || !url.startsWith('/')) return url
  try {
    const resolved = new URL(url, base)
    return resolved.origin === new URL(base).origin ? resolved.href : url
  } catch {
    return url
  }
}

const originOf = (url: string): string | undefined => {
  try {
    return remoteOrigin(url)
  } catch {
    return undefined
  }
}

/**
 * Origins plugin remotes may come from: `allowedPluginOrigins` when set (absolute origins), else the
 * origins the host configured itself (`pluginBaseUrl` and the URLs in `plugins`, relative ones the
 * page's).
 */
export function allowedOrigins(options: ResolvedOptions): Set<string> {
  const listed = options.allowedPluginOrigins
  const urls =
    listed ??
    [
      ...(options.pluginBaseUrl ? [options.pluginBaseUrl] : []),
      ...Object.values(options.plugins ?? {}).flatMap((source) => ('url' in source ? [source.url] : [])),
    ].map(resolveAgainstPage)
  return new Set(urls.map(originOf).filter((origin): origin is string => origin !== undefined))
}

/** Throws unless `url` is an http(s) URL on an allowed origin. */
export function assertAllowedOrigin(url: string, allowed: Set<string>): void {
  const origin = remoteOrigin(url)
  if (!allowed.has(origin)) {
    throw new RemoteRefusedError(
      `${origin} is not an allowed plugin origin (allowedPluginOrigins: ${[...allowed].join(', ') || 'none'})`,
    )
  }
}

/** A host-config `integrity` pin, checked before anything is fetched. */
export function assertIntegrityPin(pin: string | undefined): void {
  if (pin !== undefined && !SRI.test(pin))
    throw new RemoteRefusedError(`integrity "${pin.slice(0, 100)}" is not an SRI hash (sha384-…)`)
}
