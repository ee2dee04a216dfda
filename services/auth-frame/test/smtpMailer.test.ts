import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_SEND_FAILED } from '../src/email/mailer.ts'
import { type SmtpConfig, smtpMailer } from '../src/email/smtp.ts'
import { smtpConfigFromEnv } from '../src/email/smtpEnv.ts'
import { FrameError } from '../src/errors.ts'
import { configFromEnv, startAuthFrame } from '../src/index.ts'
import { startTestFrame, uniqueEmail } from './helpers.ts'
import { type CaptureServer, captureServer, selfSignedCert, smtpFailure } from './smtpHelpers.ts'

const FROM = 'Portico <no-reply@portico.test>'
const credentials = { user: 'portico', password: 'p@ss:w/rd' }
let tlsCert: { key: string; cert: string }

beforeAll(() => {
  tlsCert = selfSignedCert()
})

const plain = (server: CaptureServer, extra: Partial<SmtpConfig> = {}): SmtpConfig => ({
  host: '127.0.0.1',
  port: server.port,
  tls: 'none',
  from: FROM,
  retryDelayMs: 5,
  ...extra,
})

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (err) {
    return err
  }
  throw new Error('expected a rejection')
}

describe('the SMTP mailer against a real SMTP server', () => {
  it('implicit TLS with a self-signed certificate it is told to trust, AUTH PLAIN; text and HTML bodies', async () => {
    const server = await captureServer({ secure: true, ...tlsCert, authMethods: ['PLAIN'], credentials })
    try {
      const mailer = smtpMailer({
        host: '127.0.0.1',
        port: server.port,
        tls: 'implicit',
        ca: tlsCert.cert,
        ...credentials,
        from: FROM,
      })
      await mailer.send({
        to: 'alice@example.com',
        subject: 'Your code: 123456',
        text: 'Your code is 123456.\n',
      })
      const [mail] = server.received
      expect(server.authMethods).toEqual(['PLAIN'])
      expect(mail?.secure).toBe(true)
      expect(mail?.envelope).toEqual({ from: 'no-reply@portico.test', to: ['alice@example.com'] })
      expect(mail?.parsed.subject).toBe('Your code: 123456')
      expect(mail?.parsed.from?.text).toContain('no-reply@portico.test')
      expect(mail?.parsed.text).toBe('Your code is 123456.\n')
      expect(mail?.parsed.html).toContain('<strong style="font-size:22px;letter-spacing:3px">123456</strong>')
    } finally {
      await server.close()
    }
  })

  it('STARTTLS (required) with AUTH LOGIN', async () => {
    const server = await captureServer({ ...tlsCert, authMethods: ['LOGIN'], credentials })
    try {
      const mailer = smtpMailer({
        host: '127.0.0.1',
        port: server.port,
        ca: tlsCert.cert,
        ...credentials,
        from: FROM,
      })
      await mailer.send({ to: 'bob@example.com', subject: 'Hi', text: 'Hello\n' })
      expect(server.authMethods).toEqual(['LOGIN'])
      expect(server.received[0]?.secure).toBe(true)
    } finally {
      await server.close()
    }
  })

  it('refuses an untrusted certificate, a server without STARTTLS and a wrong password, at once (no retry)', async () => {
    const tls = await captureServer({ secure: true, ...tlsCert })
    const noStarttls = await captureServer({ disabledCommands: ['STARTTLS', 'AUTH'] })
    const auth = await captureServer({ ...tlsCert, credentials })
    const failures: unknown[] = []
    const log = { log: (_m: string, d: { err: unknown }) => void failures.push(d.err) }
    try {
      const untrusted = smtpMailer(
        { host: '127.0.0.1', port: tls.port, tls: 'implicit', from: FROM, retryDelayMs: 5 },
        log,
      )
      const cleartext = smtpMailer(
        { host: '127.0.0.1', port: noStarttls.port, from: FROM, retryDelayMs: 5 },
        log,
      )
      const badPassword = smtpMailer(
        {
          host: '127.0.0.1',
          port: auth.port,
          ca: tlsCert.cert,
          user: credentials.user,
          password: 'wrong',
          from: FROM,
          retryDelayMs: 5,
        },
        log,
      )
      for (const mailer of [untrusted, cleartext, badPassword]) {
        const err = await rejection(mailer.send({ to: 'c@example.com', subject: 's', text: 't' }))
        expect(err).toBeInstanceOf(FrameError)
        expect((err as Error).message).toBe(EMAIL_SEND_FAILED)
      }
      // One attempt each: retrying would not help.
      expect(failures).toHaveLength(3)
      expect(auth.authMethods).toHaveLength(1)
      expect([tls, noStarttls, auth].map((s) => s.received.length)).toEqual([0, 0, 0])
    } finally {
      await Promise.all([tls.close(), noStarttls.close(), auth.close()])
    }
  })

  it('retries a 451 and a dropped connection, with a bound; a 5xx is not retried', async () => {
    const once = await captureServer({
      fail: (n) => (n === 1 ? smtpFailure('Try again later', 451) : undefined),
    })
    const always451 = await captureServer({ fail: () => smtpFailure('Try again later', 451) })
    const always550 = await captureServer({ fail: () => smtpFailure('Mailbox unavailable', 550) })
    const logged: boolean[] = []
    try {
      await smtpMailer(plain(once), { log: (_m, d) => logged.push(d.final) }).send({
        to: 'd@example.com',
        subject: 's',
        text: 't',
      })
      expect(once.attempts()).toBe(2)
      expect(once.received).toHaveLength(1)
      expect(logged).toEqual([false])

      const started = Date.now()
      const err = await rejection(
        smtpMailer(plain(always451, { retries: 3 })).send({ to: 'd@example.com', subject: 's', text: 't' }),
      )
      expect((err as Error).message).toBe(EMAIL_SEND_FAILED)
      expect(always451.attempts()).toBe(4)
      expect(Date.now() - started).toBeGreaterThanOrEqual(5 + 10 + 20)

      await rejection(smtpMailer(plain(always550)).send({ to: 'd@example.com', subject: 's', text: 't' }))
      expect(always550.attempts()).toBe(1)

      // Nobody listening: refused connections are retried too, then the same clear error.
      const port = always550.port
      await always550.close()
      const refused = await rejection(
        smtpMailer({ host: '127.0.0.1', port, tls: 'none', from: FROM, retries: 1, retryDelayMs: 5 }).send({
          to: 'd@example.com',
          subject: 's',
          text: 't',
        }),
      )
      expect((refused as Error).message).toBe(EMAIL_SEND_FAILED)
    } finally {
      await Promise.all([once.close(), always451.close(), always550.close().catch(() => {})])
    }
  })
})

describe('a login when the mail cannot be sent', () => {
  let server: CaptureServer
  let failing = false
  beforeAll(async () => {
    server = await captureServer({
      fail: () => (failing ? smtpFailure('Mailbox unavailable', 550) : undefined),
    })
  })
  afterAll(() => server.close())

  it('tells the user, and asking again sends a code that works at the first try', async () => {
    const frame = await startTestFrame({ devMailbox: false, smtp: plain(server, { retries: 1 }) })
    try {
      const device = frame.device()
      const email = uniqueEmail('smtp')
      failing = true
      expect(await device.error('CONNECT_EMAIL', { email })).toBe(EMAIL_SEND_FAILED)
      expect(server.received).toHaveLength(0)
      failing = false
      expect(await device.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_OTP' })
      const mail = server.received.at(-1)
      const code = /\b(\d{6})\b/.exec(mail?.parsed.text ?? '')?.[1]
      expect(mail?.envelope.to).toEqual([email])
      expect(mail?.parsed.html).toContain(`>${code}</strong>`)
      await device.ok('CONNECT_OTP', { otp: code })

      // The new-device link: a real link in the HTML, the same as in the text.
      const other = frame.device()
      expect(await other.ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
      const linkMail = server.received.at(-1)
      const link = /https?:\/\/\S+/.exec(linkMail?.parsed.text ?? '')?.[0] ?? ''
      expect(link).toContain('/device/approve?flow=')
      expect(linkMail?.parsed.html).toContain(`<a href="${link.replace(/&/g, '&#38;')}"`)
    } finally {
      await frame.close()
    }
  })
})

describe('SMTP configuration', () => {
  it('reads the URL or the separate variables, which override it; refuses what is malformed by name', () => {
    expect(
      smtpConfigFromEnv({
        PORTICO_AUTH_FRAME_SMTP_URL: 'smtps://me%40corp:p%3Ass@mail.example.com',
        PORTICO_AUTH_FRAME_SMTP_FROM: FROM,
      }),
    ).toEqual({ host: 'mail.example.com', tls: 'implicit', user: 'me@corp', password: 'p:ss', from: FROM })
    expect(
      configFromEnv({
        PORTICO_AUTH_FRAME_SMTP_URL: 'smtp://mail.example.com:2525',
        PORTICO_AUTH_FRAME_SMTP_USER: 'u',
        PORTICO_AUTH_FRAME_SMTP_PASSWORD: 'p',
        PORTICO_AUTH_FRAME_SMTP_FROM: FROM,
      }).smtp,
    ).toEqual({ host: 'mail.example.com', port: 2525, tls: 'starttls', user: 'u', password: 'p', from: FROM })
    expect(
      smtpConfigFromEnv({
        PORTICO_AUTH_FRAME_SMTP_HOST: 'relay.internal',
        PORTICO_AUTH_FRAME_SMTP_PORT: '465',
        PORTICO_AUTH_FRAME_SMTP_SECURE: 'true',
        PORTICO_AUTH_FRAME_SMTP_FROM: FROM,
      }),
    ).toEqual({ host: 'relay.internal', port: 465, tls: 'implicit', from: FROM })
    expect(smtpConfigFromEnv({})).toBeUndefined()
    expect(() => smtpConfigFromEnv({ PORTICO_AUTH_FRAME_SMTP_HOST: 'h' })).toThrow(
      'PORTICO_AUTH_FRAME_SMTP_FROM',
    )
    expect(() => smtpConfigFromEnv({ PORTICO_AUTH_FRAME_SMTP_USER: 'u' })).toThrow(
      'PORTICO_AUTH_FRAME_SMTP_USER',
    )
    expect(() =>
      smtpConfigFromEnv({ PORTICO_AUTH_FRAME_SMTP_URL: 'http://h', PORTICO_AUTH_FRAME_SMTP_FROM: FROM }),
    ).toThrow('PORTICO_AUTH_FRAME_SMTP_URL')
    expect(() =>
      smtpConfigFromEnv({
        PORTICO_AUTH_FRAME_SMTP_HOST: 'h',
        PORTICO_AUTH_FRAME_SMTP_SECURE: 'constructor',
        PORTICO_AUTH_FRAME_SMTP_FROM: FROM,
      }),
    ).toThrow('PORTICO_AUTH_FRAME_SMTP_SECURE')
    expect(() =>
      smtpConfigFromEnv({
        PORTICO_AUTH_FRAME_SMTP_HOST: 'h',
        PORTICO_AUTH_FRAME_SMTP_PORT: '0',
        PORTICO_AUTH_FRAME_SMTP_FROM: FROM,
      }),
    ).toThrow('PORTICO_AUTH_FRAME_SMTP_PORT')
    // Without TLS only to this machine; half a login is refused.
    expect(() => smtpMailer({ host: 'mail.example.com', tls: 'none', from: FROM })).toThrow('loopback')
    expect(() => smtpMailer({ host: 'mail.example.com', user: 'u', from: FROM })).toThrow('user and password')
    expect(() => smtpMailer({ host: 'mail.example.com', from: 'Portico <x@y>\r\nBcc: z@w' })).toThrow('From')
  })

  it('production requires an SMTP server by name, and starts with one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-auth-frame-'))
    const base = {
      production: true,
      port: 0,
      logLevel: 'silent' as const,
      serverKey: randomBytes(32).toString('hex'),
      database: { kind: 'sqlite' as const, file: join(dir, 'frame.sqlite') },
      projects: { acme: { allowedOrigins: ['https://app.acme.example'] } },
    }
    try {
      await expect(startAuthFrame(base)).rejects.toThrow(/production.*PORTICO_AUTH_FRAME_SMTP_URL/i)
      await expect(
        startAuthFrame({ ...base, smtp: { host: 'mail.example.com', tls: 'none', from: FROM } }),
      ).rejects.toThrow('loopback')
      const server = await startAuthFrame({ ...base, smtp: { host: 'mail.example.com', from: FROM } })
      try {
        expect(server.mailboxUrl).toBeUndefined()
        expect(server.devSmtp).toBeUndefined()
      } finally {
        await server.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
