import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { Store } from '../db/store.ts'
import { isLoopbackHost } from './smtp.ts'

export interface DevReceiverOptions {
  store: Store
  now?: () => number
  /** A loopback address only (default 127.0.0.1). */
  host?: string
  /** Default 0: a free port. */
  port?: number
  /** Bytes of one message (headers and bodies, as sent); larger ones are answered 552 (default 64 KiB). */
  maxBytes?: number
  /** Recipients of one message (default 5). */
  maxRecipients?: number
  /** Connections at once (default 16). */
  maxClients?: number
  log?: (message: string, err?: unknown) => void
}

export interface DevReceiver {
  host: string
  port: number
  /** The most bytes of one message ever held in memory (tests check the size limit holds while reading). */
  readonly peakBufferedBytes: number
  close(): Promise<void>
}

interface SmtpError extends Error {
  responseCode?: number
}

const smtpError = (message: string, responseCode: number): SmtpError =>
  Object.assign(new Error(message), { responseCode })

/**
 * The dev stack's mail server: an SMTP server (smtp-server) on a loopback address that parses each
 * message (mailparser) and stores it in the mailbox table, one row per envelope recipient, which
 * GET /dev/mailbox reads. The frame's SMTP mailer sends to it exactly as it sends to a real server.
 * Bounded: loopback clients only, `maxRecipients`, `maxClients`, and a message over `maxBytes` is
 * refused (552) while it is read: what is past the limit is dropped, never buffered.
 */
export async function startDevReceiver(options: DevReceiverOptions): Promise<DevReceiver> {
  const host = options.host ?? '127.0.0.1'
  if (!isLoopbackHost(host))
    throw new Error(`The dev SMTP receiver listens on a loopback address only, not ${host}`)
  const now = options.now ?? Date.now
  const maxBytes = options.maxBytes ?? 64 * 1024
  const maxRecipients = options.maxRecipients ?? 5
  let peakBufferedBytes = 0
  const server = new SMTPServer({
    name: 'portico-dev-mailbox',
    banner: 'Portico dev mailbox',
    size: maxBytes,
    maxRecipients,
    maxClients: options.maxClients ?? 16,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    socketTimeout: 15_000,
    closeTimeout: 1_000,
    maxAllowedUnauthenticatedCommands: 50,
    logger: false,
    onConnect(session, callback) {
      if (!isLoopbackHost(session.remoteAddress))
        return callback(smtpError('The dev mailbox takes mail from this machine only', 554))
      callback()
    },
    onRcptTo(_address, session, callback) {
      // smtp-server's maxRecipients answers too; this keeps the bound whatever its defaults become.
      if (session.envelope.rcptTo.length >= maxRecipients)
        return callback(smtpError('Too many recipients', 452))
      callback()
    },
    onData(stream, session, reply) {
      let answered = false
      const callback = (err?: Error) => {
        if (answered) return
        answered = true
        reply(err)
      }
      const chunks: Buffer[] = []
      let held = 0
      let oversized = false
      stream.on('data', (chunk: Buffer) => {
        if (oversized) return
        if (held + chunk.length > maxBytes) {
          oversized = true
          chunks.length = 0
          held = 0
          return
        }
        chunks.push(chunk)
        held += chunk.length
        peakBufferedBytes = Math.max(peakBufferedBytes, held)
      })
      stream.once('error', (err) => callback(err))
      stream.once('end', () => {
        if (oversized || stream.sizeExceeded)
          return callback(smtpError('Message exceeds the dev mailbox size limit', 552))
        const recipients = session.envelope.rcptTo
          .map((r) => r.address.toLowerCase())
          .filter((a) => a.length <= 254)
        store(Buffer.concat(chunks), recipients).then(
          () => callback(),
          (err: unknown) => {
            options.log?.('dev mailbox: a received message could not be stored', err)
            callback(smtpError('Could not store the message', 451))
          },
        )
      })
    },
  })
  server.on('error', (err) => options.log?.('dev mailbox SMTP server error', err))

  async function store(raw: Buffer, recipients: string[]): Promise<void> {
    const parsed = await simpleParser(raw, {
      skipImageLinks: true,
      skipTextLinks: true,
      skipTextToHtml: true,
      maxHtmlLengthToParse: maxBytes,
    })
    const subject = parsed.subject ?? ''
    const text = parsed.text ?? ''
    const created = now()
    for (const to of recipients)
      await options.store.insertMail({
        id: randomUUID(),
        to_address: to,
        subject,
        body: text,
        created_at: created,
      })
  }

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const port = (server.server.address() as AddressInfo).port
  let closing: Promise<void> | undefined
  return {
    host,
    port,
    get peakBufferedBytes() {
      return peakBufferedBytes
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()))
      return closing
    },
  }
}
