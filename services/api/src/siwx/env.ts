import type { SiwxConfigInput } from './config.ts'

const fail = (name: string, what: string): never => {
  throw new Error(`${name}: ${what}`)
}

function seconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  return Number.isSafeInteger(value) && value > 0
    ? value
    : fail(name, 'expected a positive whole number of seconds')
}

function origins(name: string, raw: string): string[] {
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const origin of list) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol))
      fail(name, `"${origin}" is not a bare http(s) origin such as https://app.example.com`)
  }
  return list
}

/**
 * Sign-in settings from the environment:
 * PORTICO_SIWX_ORIGINS="projectA=https://a.example,https://www.a.example;projectB=https://b.example",
 * PORTICO_SIWX_DEFAULT_ORIGINS (origins of projects not listed: "localhost", a comma list, or "none"),
 * PORTICO_SIWX_TOKEN_SECRET (hex, ≥ 32 bytes; set it so session tokens survive restarts and work
 * across instances), PORTICO_SIWX_NONCE_TTL_S, PORTICO_SIWX_MAX_SESSION_S, PORTICO_SIWX_EXTRA_CHAINS
 * (CAIP-2 ids, comma separated).
 */
export function siwxConfigFromEnv(env: NodeJS.ProcessEnv): SiwxConfigInput {
  const input: SiwxConfigInput = {}
  if (env.PORTICO_SIWX_ORIGINS) {
    input.origins = {}
    for (const entry of env.PORTICO_SIWX_ORIGINS.split(';').filter((s) => s.trim())) {
      const at = entry.indexOf('=')
      const project = entry.slice(0, at).trim()
      if (at <= 0 || !project)
        fail('PORTICO_SIWX_ORIGINS', `"${entry}" is not <projectId>=<origin>[,<origin>…]`)
      input.origins[project] = origins('PORTICO_SIWX_ORIGINS', entry.slice(at + 1))
    }
  }
  const fallback = env.PORTICO_SIWX_DEFAULT_ORIGINS?.trim()
  if (fallback)
    input.defaultOrigins =
      fallback === 'localhost'
        ? 'localhost'
        : fallback === 'none'
          ? []
          : origins('PORTICO_SIWX_DEFAULT_ORIGINS', fallback)
  if (env.PORTICO_SIWX_TOKEN_SECRET) input.tokenSecret = env.PORTICO_SIWX_TOKEN_SECRET
  const ttl = seconds(env, 'PORTICO_SIWX_NONCE_TTL_S')
  if (ttl !== undefined) input.nonceTtlSeconds = ttl
  const max = seconds(env, 'PORTICO_SIWX_MAX_SESSION_S')
  if (max !== undefined) input.maxSessionSeconds = max
  if (env.PORTICO_SIWX_EXTRA_CHAINS)
    input.extraChains = env.PORTICO_SIWX_EXTRA_CHAINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((id) =>
        /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(id)
          ? id
          : fail('PORTICO_SIWX_EXTRA_CHAINS', `"${id}" is not a CAIP-2 id`),
      )
  return input
}
