import { createHash } from 'node:crypto'

const MAX_DEPTH = 64

/** JSON with object keys sorted at every level: the same request always gives the same text. */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new Error('The request is nested too deeply')
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item ?? null, depth + 1)).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map(
        (key) =>
          `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key], depth + 1)}`,
      )
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/**
 * What an approval is bound to: the exact method and params, the site that asked and the network the
 * session is on. Any change (another recipient, amount, site or chain) is another request.
 */
export function requestHash(request: {
  method: string
  params: unknown
  site: string
  network: string
}): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        method: request.method,
        params: request.params ?? null,
        site: request.site,
        network: request.network,
      }),
    )
    .digest('base64url')
}
