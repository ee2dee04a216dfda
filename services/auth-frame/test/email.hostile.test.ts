import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../src/db/store.ts'
import { type DevReceiver, startDevReceiver } from '../src/email/devReceiver.ts'
import { mailHtml } from '../src/email/html.ts'
import { headerValue, isLoopbackHost, smtpMailer } from '../src/email/smtp.ts'
import { startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'
import { type CaptureServer, captureServer, rawSmtp } from './smtpHelpers.ts'

const FROM = 'Portico <no-reply@portico.test>'
const LIMIT = 64 * 1024

let dir: string
let store: Store
let receiver: DevReceiver

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-mail-'))
  store = await openStore({ kind: 'sqlite', file: join(dir, 'mail.sqlite') })
  receiver = await startDevReceiver({ store, maxBytes: LIMIT, maxRecipients: 3 })
})
afterAll(async () => {
  await receiver.close()
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the dev SMTP receiver', () => {
  it('refuses an oversized message while reading it, holding no more than the limit', async () => {
    const client = await rawSmtp(receiver.port)
    try {
      expect(await client.command('EHLO test')).toContain(`SIZE ${LIMIT}`)
      // Announced too big: refused before any byte of it.
      expect(await client.command(`MAIL FROM:<a@example.com> SIZE=${LIMIT * 100}`)).toMatch(/^552/)
      expect(await client.command('MAIL FROM:<a@example.com>')).toMatch(/^250/)
      expect(await client.command('RCPT TO:<big@example.com>')).toMatch(/^250/)
      expect(await client.command('DATA')).toMatch(/^354/)
      await client.write('Subject: big\r\n\r\n')
      const line = `${'x'.repeat(998)}\r\n`
      const chunk = line.repeat(64)
      const total = 16 * 1024 * 1024
      for (let sent = 0; sent < total; sent += chunk.length) await client.write(chunk)
      await client.write('.\r\n')
      expect(await client.reply()).toMatch(/^552/)
      expect(receiver.peakBufferedBytes).toBeLessThanOrEqual(LIMIT)
      expect(await store.mail('big@example.com', 10)).toEqual([])
      // The connection goes on: a small message is taken.
      expect(await client.command('MAIL FROM:<a@example.com>')).toMatch(/^250/)
      expect(await client.command('RCPT TO:<small@example.com>')).toMatch(/^250/)
      expect(await client.command('DATA')).toMatch(/^354/)
      await client.write('Subject: small\r\n\r\nYour code is 654321.\r\n.\r\n')
      expect(await client.reply()).toMatch(/^250/)
      const [stored] = await store.mail('small@example.com', 10)
      expect(stored?.subject).toBe('small')
      expect(stored?.body).toContain('654321')
    } finally {
      client.close()
    }
  })

  it('takes a bounded number of recipients', async () => {
    const client = await rawSmtp(receiver.port)
    try {
      await client.command('EHLO test')
      await client.command('MAIL FROM:<a@example.com>')
      for (const n of [1, 2, 3]) expect(await client.command(`RCPT TO:<r${n}@example.com>`)).toMatch(/^250/)
      expect(await client.command('RCPT TO:<r4@example.com>')).toMatch(/^45\d/)
    } finally {
      client.close()
    }
  })

  it('listens on loopback only, and takes no AUTH or STARTTLS', async () => {
    await expect(startDevReceiver({ store, host: '0.0.0.0' })).rejects.toThrow('loopback')
    await expect(startDevReceiver({ store, host: '192.168.1.10' })).rejects.toThrow('loopback')
    expect(['127.0.0.1', '127.8.9.1', '::1', 'localhost', '::ffff:127.0.0.1'].every(isLoopbackHost)).toBe(
      true,
    )
    expect(
      ['0.0.0.0', '10.0.0.1', '::', '::ffff:10.0.0.1', '127.0.0.1.evil.example', 'example.com'].some(
        isLoopbackHost,
      ),
    ).toBe(false)
    const client = await rawSmtp(receiver.port)
    try {
      const ehlo = await client.command('EHLO test')
      expect(ehlo).not.toMatch(/STARTTLS|AUTH/)
      expect(await client.command('AUTH PLAIN AGFAYg==')).toMatch(/^5\d\d/)
    } finally {
      client.close()
    }
  })
})

describe('what users type cannot add headers or markup', () => {
  let capture: CaptureServer
  beforeAll(async () => {
    capture = await captureServer()
  })
  afterAll(() => capture.close())
  const mailer = () =>
    smtpMailer({ host: '127.0.0.1', port: capture.port, tls: 'none', from: FROM, retryDelayMs: 5 })

  it('CR/LF in the subject stays in the subject; a recipient with CR/LF, a comma or brackets is refused', async () => {
    const before = capture.received.length
    await mailer().send({
      to: 'victim@example.com',
      subject: 'Your code\r\nBcc: evil@example.com\r\nX-Injected: 1\n\nbody',
      text: 'Hello\r\n.\r\nMAIL FROM:<evil@example.com>\r\nRCPT TO:<evil@example.com>\r\nDATA\r\n',
    })
    const mail = capture.received.at(-1)
    expect(capture.received).toHaveLength(before + 1)
    expect(mail?.envelope.to).toEqual(['victim@example.com'])
    expect(mail?.parsed.headers.has('bcc')).toBe(false)
    expect(mail?.parsed.headers.has('x-injected')).toBe(false)
    expect(mail?.parsed.subject).toBe('Your code Bcc: evil@example.com X-Injected: 1 body')
    // The smuggled "end of data" is dot-stuffed body text, not a second message.
    expect(mail?.parsed.text).toContain('MAIL FROM:<evil@example.com>')

    for (const to of [
      'victim@example.com\r\nBcc: evil@example.com',
      'victim@example.com\nBcc: evil@example.com',
      'victim@example.com, evil@example.com',
      'Victim <evil@example.com>',
      'victim@example.com\u0000',
      'victim@example.com;evil@example.com',
    ])
      await expect(mailer().send({ to, subject: 's', text: 't' })).rejects.toThrow('malformed recipient')
    expect(capture.received).toHaveLength(before + 1)
    expect(headerValue('a\r\n\tb\u2028c\u0000')).toBe('a b c')
  })

  it('the HTML body escapes every character of the text and subject, whatever they hold', async () => {
    const hostile = `<script>alert(1)</script> "><img src=x onerror=alert(1)> http://x.example/"onmouseover=alert(1)'&lt; 123456`
    await mailer().send({
      to: 'victim@example.com',
      subject: `</title><script>alert(2)</script>`,
      text: hostile,
    })
    const html = String(capture.received.at(-1)?.parsed.html)
    expect(html).not.toMatch(/<script|<img|<\/title><s/i)
    expect(html).toContain('&#60;script&#62;')
    expect(html).toContain('<a href="http://x.example/"')
    const allowed = new Set([
      '!doctype',
      'html',
      'head',
      'meta',
      'title',
      'body',
      'div',
      'p',
      'br',
      'a',
      'strong',
    ])
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.string({ maxLength: 40 }),
        (text, subject) => {
          const out = mailHtml(text, subject)
          const tags = [...out.matchAll(/<\/?([^\s>/]+)/g)].map(([, tag]) => (tag ?? '').toLowerCase())
          // Attributes: only ours, each link an http(s) URL without a raw quote.
          const attributes = [...out.matchAll(/\s([a-z-]+)=/g)].map(([, name]) => name ?? '')
          const hrefs = [...out.matchAll(/href="([^"]*)"/g)].map(([, href]) => href ?? '')
          return (
            tags.every((tag) => allowed.has(tag)) &&
            attributes.every((name) =>
              ['lang', 'charset', 'name', 'content', 'style', 'href'].includes(name),
            ) &&
            hrefs.every((href) => /^https?:\/\/[^<>"'\s]*$/.test(href))
          )
        },
      ),
      { numRuns: 150 },
    )
  })
})

describe('the auth frame in dev sends through its own SMTP receiver', () => {
  let frame: TestFrame
  beforeAll(async () => {
    frame = await startTestFrame()
  })
  afterAll(() => frame.close())

  it('devMailbox starts a loopback receiver; the mailbox shows the code as before', async () => {
    expect(frame.server.devSmtp?.host).toBe('127.0.0.1')
    const email = uniqueEmail('dev')
    const first = frame.device()
    await first.ok('CONNECT_EMAIL', { email })
    const mail = await frame.lastMail(email)
    expect(mail.subject).toMatch(/^Your code: \d{6}$/)
    expect(mail.code).toBe(mail.subject.slice(-6))
    expect(Object.keys(mail).sort()).toEqual(['code', 'createdAt', 'id', 'subject', 'text', 'to'])
    // The new-device link reaches the mailbox whole, and the mailbox page links it whole (it holds `&`).
    await first.ok('CONNECT_OTP', { otp: mail.code })
    expect(await frame.device().ok('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
    const { link } = await frame.lastMail(email)
    expect(link).toMatch(/\/device\/approve\?flow=[0-9a-f-]{36}&token=[\w-]{43}$/)
    const page = await (await fetch(`${frame.server.mailboxUrl}.html?to=${encodeURIComponent(email)}`)).text()
    expect(page).toContain(`<a href="${link?.replace('&', '&#38;')}">`)
    // Anyone on this machine may send to it, but only what fits, to a few recipients.
    const client = await rawSmtp(frame.server.devSmtp?.port ?? 0)
    try {
      expect(await client.command('EHLO test')).toMatch(/SIZE \d+/)
    } finally {
      client.close()
    }
  })
})
