import type { SiwxConfigInput } from './config.ts'

const fail = (name: string, what: string): never => {
  throw new Error(`${name}: ${what}`)
}

function seconds(env: NodeJS.ProcessEnv, name: string, what = 'seconds'): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  return Number.isSafeInteger(value) && value > 0
    ? value
    : fail(name, `expected a positive whole number of ${what}`)
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
 * across instances), PORTICO_SIWX_NONCE_KEY / PORTICO_SIWX_NONCE_KEY_FILE (the nonces' HMAC key, the
 * same on every node; required when PORTICO_ENV or NODE_ENV is production), PORTICO_SIWX_NONCES_PER_IP,
 * PORTICO_SIWX_NONCE_TTL_S, PORTICO_SIWX_MAX_SESSION_S, PORTICO_SIWX_EXTRA_CHAINS (CAIP-2 ids, comma
 * separated).
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
  if (env.PORTICO_ENV === 'production' || env.NODE_ENV === 'production') input.production = true
  if (env.PORTICO_SIWX_NONCE_KEY) {
    if (!/^([0-9a-f]{2}){32,}$/i.test(env.PORTICO_SIWX_NONCE_KEY))
      fail('PORTICO_SIWX_NONCE_KEY', 'expected at least 32 bytes of hex (openssl rand -hex 32)')
    input.nonceKey = env.PORTICO_SIWX_NONCE_KEY
  }
  if (env.PORTICO_SIWX_NONCE_KEY_FILE) input.nonceKeyFile = env.PORTICO_SIWX_NONCE_KEY_FILE
  const perIp = seconds(env, 'PORTICO_SIWX_NONCES_PER_IP', 'nonces')
  if (perIp !== undefined) input.maxNoncesPerIp = perIp
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
