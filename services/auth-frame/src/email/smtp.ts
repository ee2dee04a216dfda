import { isIP } from 'node:net'
import nodemailer from 'nodemailer'
import { FrameError } from '../errors.ts'
import { mailHtml } from './html.ts'
import { EMAIL_SEND_FAILED, type Mailer } from './mailer.ts'

/**
 * Where the auth frame sends mail. `tls`: 'implicit' (TLS from the first byte, usually port 465),
 * 'starttls' (default: the plain connection must be upgraded with STARTTLS, else nothing is sent; usually
 * 587) or 'none' (no TLS: only to a loopback host, e.g. the dev receiver or a local relay).
 */
export interface SmtpConfig {
  host: string
  /** Default 465 (implicit), 587 (starttls), 25 (none). */
  port?: number
  tls?: 'implicit' | 'starttls' | 'none'
  /** AUTH (PLAIN or LOGIN, whichever the server offers) when set. */
  user?: string
  password?: string
  /** The From header, e.g. `Portico <no-reply@example.com>`. */
  from: string
  /** Extra PEM certificate(s) to trust (a private CA or a self-signed relay); the server name is always checked. */
  ca?: string | string[]
  /** Attempts after the first failed one, for failures that may pass (4xx answers, network); default 2. */
  retries?: number
  /** Wait before the first retry, doubled before each next one; default 300 ms. */
  retryDelayMs?: number
  /** Limit for connecting, the greeting and each later step; default 10 s. */
  timeoutMs?: number
}

export interface SmtpMailerOptions {
  /** Called for each failed attempt (the error holds the SMTP answer, never the mail). */
  log?: (message: string, details: { attempt: number; final: boolean; err: unknown }) => void
}

export const SMTP_DEFAULT_PORT = { implicit: 465, starttls: 587, none: 25 } as const

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces
const CONTROLS = /[\u0000-\u001f\u007f\u2028\u2029]+/g
/** One plain address: none of spaces, quotes, brackets, separators or control characters. */
const ADDRESS = /^[^\s@"<>()[\]\\,;:]+@[^\s@"'<>()[\]\\,;:]+$/

export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' ||
  (isIP(host) === 4 && host.startsWith('127.')) ||
  host === '::1' ||
  host === '[::1]' ||
  host.toLowerCase().startsWith('::ffff:127.')

/** Throws with what is wrong in an SMTP configuration (`name` prefixes the message: the env variable). */
export function checkSmtpConfig(config: SmtpConfig, name = 'smtp'): void {
  if (!config.host || CONTROL.test(config.host) || /\s/.test(config.host))
    throw new Error(`${name}: the SMTP host is missing or malformed`)
  if (
    config.port !== undefined &&
    !(Number.isSafeInteger(config.port) && config.port > 0 && config.port < 65536)
  )
    throw new Error(`${name}: the SMTP port must be 1-65535, got ${config.port}`)
  if (config.tls !== undefined && !['implicit', 'starttls', 'none'].includes(config.tls))
    throw new Error(`${name}: tls must be implicit, starttls or none`)
  if (config.tls === 'none' && !isLoopbackHost(config.host))
    throw new Error(
      `${name}: mail without TLS is only sent to a loopback host, not ${config.host}: use starttls or implicit`,
    )
  if (!config.from || CONTROL.test(config.from) || !/@/.test(config.from))
    throw new Error(`${name}: the From address is missing or malformed`)
  if ((config.user === undefined) !== (config.password === undefined))
    throw new Error(`${name}: give both the SMTP user and password, or neither`)
  for (const [key, value] of [
    ['retries', config.retries],
    ['retryDelayMs', config.retryDelayMs],
    ['timeoutMs', config.timeoutMs],
  ] as const)
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0))
      throw new Error(`${name}: ${key} must be a non-negative integer`)
}

/** A header value on one line: CR, LF and every other control character become one space. */
export const headerValue = (text: string): string => text.replace(CONTROLS, ' ').trim()

/** Failures that another attempt will not fix: 5xx answers, authentication, TLS, configuration. */
function permanent(err: unknown): boolean {
  const { responseCode, code, originalCode } = (err ?? {}) as {
    responseCode?: number
    code?: string
    /** The system error's code under nodemailer's own (a certificate check: DEPTH_ZERO_SELF_SIGNED_CERT, …). */
    originalCode?: string
  }
  if (typeof responseCode === 'number') return responseCode >= 500
  if (/CERT|SIGNATURE|ISSUER|^ERR_TLS|^ERR_SSL/.test(originalCode ?? '')) return true
  return ['EAUTH', 'ENOAUTH', 'ETLS', 'ECONFIG', 'EENVELOPE', 'EMESSAGE', 'EREQUIRETLS'].includes(code ?? '')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The auth frame's mailer: one SMTP connection per mail (nodemailer), text and HTML bodies. A failure
 * that may pass (a 4xx answer, a dropped or refused connection, a timeout) is retried `retries` times
 * with a doubling wait; a permanent one (5xx, authentication, TLS) is not. Then it throws
 * FrameError(EMAIL_SEND_FAILED): the user is asked to try again.
 */
export function smtpMailer(config: SmtpConfig, options: SmtpMailerOptions = {}): Mailer {
  checkSmtpConfig(config)
  const tls = config.tls ?? 'starttls'
  const timeout = config.timeoutMs ?? 10_000
  const retries = config.retries ?? 2
  const retryDelayMs = config.retryDelayMs ?? 300
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port ?? SMTP_DEFAULT_PORT[tls],
    secure: tls === 'implicit',
    requireTLS: tls === 'starttls',
    ignoreTLS: tls === 'none',
    ...(config.user !== undefined && { auth: { user: config.user, pass: config.password ?? '' } }),
    tls: { minVersion: 'TLSv1.2', ...(config.ca !== undefined && { ca: config.ca }) },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return {
    async send(mail) {
      // The address was validated by the flow; this only makes sure that no caller can add a recipient
      // or a header through it.
      if (!ADDRESS.test(mail.to) || CONTROL.test(mail.to))
        throw new Error('The mailer refuses a malformed recipient address')
      const subject = headerValue(mail.subject)
      const message = {
        from: config.from,
        to: mail.to,
        envelope: { from: addressOf(config.from), to: [mail.to] },
        subject,
        text: mail.text,
        html: mail.html ?? mailHtml(mail.text, subject),
      }
      for (let attempt = 1; ; attempt++) {
        try {
          await transport.sendMail(message)
          return
        } catch (err) {
          const final = attempt > retries || permanent(err)
          options.log?.(final ? 'mail not sent' : 'mail not sent, retrying', { attempt, final, err })
          if (final) throw new FrameError(EMAIL_SEND_FAILED)
          await sleep(retryDelayMs * 2 ** (attempt - 1))
        }
      }
    },
  }
}

/** The bare address of a From value (`Name <a@b>` → `a@b`). */
function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim()
}
