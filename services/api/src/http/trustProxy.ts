import { isIP } from 'node:net'

/**
 * Behind reverse proxies, which X-Forwarded-For entry is the client's IP address (the rate limit,
 * name budgets and sign-in nonce records key on it): a number of trusted hops (`true` = 1: the entry
 * the nearest proxy appended), or the proxies' addresses / CIDRs (also `loopback`, `linklocal`,
 * `uniquelocal`). false or 0: the socket address, X-Forwarded-For ignored.
 */
export type TrustProxy = boolean | number | string[]

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * Fastify's `trustProxy` for a config value, with proxy-addr's semantics: addresses are compiled by
 * proxy-addr; a hop count is `(address, hop) => hop < n` (Fastify itself trusts nothing for a bare
 * number). Never `true`, which would take the left-most, client-chosen X-Forwarded-For entry.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  const hops = trustProxy === true ? 1 : trustProxy === false ? 0 : trustProxy
  if (Array.isArray(hops)) return hops.length > 0 ? hops : false
  if (!Number.isSafeInteger(hops) || hops < 0)
    throw new Error(`trustProxy must be a number of hops (0 or more), got ${hops}`)
  return hops > 0 ? (_address, hop) => hop < hops : false
}

/**
 * `1`/`true`/`on`/`yes`: one trusted hop; `<n>`: n hops; `0`/`false`/`off`/`no`: none; else a comma
 * list of proxy addresses, CIDRs (`10.0.0.0/8`) or proxy-addr's named ranges (`loopback`, …).
 * Throws naming `name` on anything else.
 */
export function parseTrustProxy(text: string, name: string): TrustProxy {
  const value = text.trim().toLowerCase()
  if (['0', 'off', 'false', 'no'].includes(value)) return false
  if (['1', 'on', 'true', 'yes'].includes(value)) return true
  if (/^\d+$/.test(value)) return Number(value)
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (entries.length === 0) throw new Error(`${name}: no proxy address given`)
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const family = isIP(address)
    const ok =
      PROXY_RANGES.includes(entry) ||
      (family !== 0 &&
        extra === undefined &&
        (prefix === undefined ||
          (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)) ||
          (family === 4 && isIP(prefix) === 4)))
    if (!ok)
      throw new Error(
        `${name} must be a number of trusted hops or a comma list of proxy addresses / CIDRs, got "${entry}"`,
      )
  }
  return entries
}
