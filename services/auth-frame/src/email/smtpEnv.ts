import { readFileSync } from 'node:fs'
import type { SmtpConfig } from './smtp.ts'

const TLS_VALUES: Record<string, SmtpConfig['tls']> = {
  implicit: 'implicit',
  tls: 'implicit',
  true: 'implicit',
  '1': 'implicit',
  starttls: 'starttls',
  false: 'starttls',
  '0': 'starttls',
  none: 'none',
}

/**
 * The SMTP configuration from the environment (README, Email), or undefined when none is given:
 * `PORTICO_AUTH_FRAME_SMTP_URL` (`smtps://user:pass@host:465` implicit TLS, `smtp://user:pass@host:587`
 * STARTTLS; `?tls=none` for a loopback relay), and/or `PORTICO_AUTH_FRAME_SMTP_HOST`, `_PORT`, `_SECURE`
 * (`true`: implicit TLS, `starttls` (default), `none`), `_USER`, `_PASSWORD`, `_FROM` (required),
 * `_CA_FILE`. The separate variables override the URL's parts.
 */
export function smtpConfigFromEnv(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const url = env.PORTICO_AUTH_FRAME_SMTP_URL
  const host = env.PORTICO_AUTH_FRAME_SMTP_HOST
  if (!url && !host) {
    for (const name of ['PORT', 'SECURE', 'USER', 'PASSWORD', 'FROM', 'CA_FILE'])
      if (env[`PORTICO_AUTH_FRAME_SMTP_${name}`])
        throw new Error(
          `PORTICO_AUTH_FRAME_SMTP_${name} is set but no SMTP server is: set PORTICO_AUTH_FRAME_SMTP_URL or PORTICO_AUTH_FRAME_SMTP_HOST`,
        )
    return undefined
  }
  const config: Partial<SmtpConfig> = {}
  if (url) {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new Error('PORTICO_AUTH_FRAME_SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…')
    }
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
      throw new Error(
        'PORTICO_AUTH_FRAME_SMTP_URL must start with smtp:// (STARTTLS) or smtps:// (implicit TLS)',
      )
    config.host = parsed.hostname.replace(/^\[(.*)\]$/, '$1')
    if (parsed.port) config.port = Number(parsed.port)
    config.tls = parsed.protocol === 'smtps:' ? 'implicit' : 'starttls'
    const tls = parsed.searchParams.get('tls')
    if (tls !== null) config.tls = tlsValue(tls, 'PORTICO_AUTH_FRAME_SMTP_URL (?tls=)')
    if (parsed.username) config.user = decodeURIComponent(parsed.username)
    if (parsed.password) config.password = decodeURIComponent(parsed.password)
  }
  if (host) config.host = host
  if (env.PORTICO_AUTH_FRAME_SMTP_PORT) {
    const port = Number(env.PORTICO_AUTH_FRAME_SMTP_PORT)
    if (!Number.isSafeInteger(port) || port < 1 || port > 65535)
      throw new Error(
        `PORTICO_AUTH_FRAME_SMTP_PORT must be 1-65535, got "${env.PORTICO_AUTH_FRAME_SMTP_PORT}"`,
      )
    config.port = port
  }
  if (env.PORTICO_AUTH_FRAME_SMTP_SECURE)
    config.tls = tlsValue(env.PORTICO_AUTH_FRAME_SMTP_SECURE, 'PORTICO_AUTH_FRAME_SMTP_SECURE')
  if (env.PORTICO_AUTH_FRAME_SMTP_USER) config.user = env.PORTICO_AUTH_FRAME_SMTP_USER
  if (env.PORTICO_AUTH_FRAME_SMTP_PASSWORD) config.password = env.PORTICO_AUTH_FRAME_SMTP_PASSWORD
  if (env.PORTICO_AUTH_FRAME_SMTP_CA_FILE)
    config.ca = readFileSync(env.PORTICO_AUTH_FRAME_SMTP_CA_FILE, 'utf8')
  if (!env.PORTICO_AUTH_FRAME_SMTP_FROM)
    throw new Error(
      'PORTICO_AUTH_FRAME_SMTP_FROM is required with an SMTP server, e.g. "Portico <no-reply@example.com>"',
    )
  config.from = env.PORTICO_AUTH_FRAME_SMTP_FROM
  return config as SmtpConfig
}

function tlsValue(text: string, name: string): SmtpConfig['tls'] {
  const key = text.trim().toLowerCase()
  const value = Object.hasOwn(TLS_VALUES, key) ? TLS_VALUES[key] : undefined
  if (!value) throw new Error(`${name} must be true (implicit TLS), starttls or none, got "${text}"`)
  return value
}
