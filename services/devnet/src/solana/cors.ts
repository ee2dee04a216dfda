/**
 * Which browser pages may call the node. A request without an Origin header (Node, curl, wallets in
 * a test process) is not a page and always may; a page only from an origin on the list — the
 * stack's own (demo, plugins). The loopback names localhost, 127.0.0.1 and [::1] count as one host.
 */
export interface OriginPolicy {
  allows(origin: string | undefined): boolean
  /** Adds origins (e.g. once the stack's servers listen and their URLs are known). */
  add(origins: readonly string[]): void
  list(): string[]
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** scheme://host:port with the loopback names folded into one; null for anything not http(s). */
function canonical(origin: string): string | null {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = LOOPBACK.has(url.hostname) ? 'loopback' : url.hostname
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return `${url.protocol}//${host}:${port}`
}

export function createOriginPolicy(origins: readonly string[] = []): OriginPolicy {
  const allowed = new Map<string, string>()
  const policy: OriginPolicy = {
    allows(origin) {
      if (origin === undefined) return true
      const key = canonical(origin)
      return key !== null && allowed.has(key)
    },
    add(list) {
      for (const origin of list) {
        const key = canonical(origin)
        if (key === null) throw new Error(`Solana RPC: "${origin}" is not an http(s) origin`)
        allowed.set(key, new URL(origin).origin)
      }
    },
    list: () => [...allowed.values()],
  }
  policy.add(origins)
  return policy
}

/** PORTICO_SOLANA_CORS_ORIGINS: comma-separated origins the node serves pages from (default none). */
export function originsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.PORTICO_SOLANA_CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
}
