import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'

export interface Captured {
  raw: string
  parsed: ParsedMail
  envelope: { from: string; to: string[] }
  /** The session was TLS (implicit or after STARTTLS). */
  secure: boolean
}

export interface CaptureServer {
  port: number
  received: Captured[]
  /** DATA commands answered so far (failed ones included). */
  attempts(): number
  /** AUTH methods used, in order. */
  authMethods: string[]
  close(): Promise<void>
}

export type SmtpFailure = Error & { responseCode: number }
export const smtpFailure = (message: string, responseCode: number): SmtpFailure =>
  Object.assign(new Error(message), { responseCode })

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives. `fail(attempt)` may answer
 * a DATA command with an error instead (attempt counts from 1). `credentials` turns AUTH on.
 */
export async function captureServer(
  options: Partial<SMTPServerOptions> & {
    fail?: (attempt: number) => SmtpFailure | undefined
    credentials?: { user: string; password: string }
  } = {},
): Promise<CaptureServer> {
  const { fail, credentials, ...serverOptions } = options
  const received: Captured[] = []
  const authMethods: string[] = []
  let attempts = 0
  const server = new SMTPServer({
    logger: false,
    disableReverseLookup: true,
    authOptional: !credentials,
    closeTimeout: 200,
    ...(!credentials && { disabledCommands: ['AUTH'] }),
    ...serverOptions,
    onAuth(auth, _session, callback) {
      authMethods.push(auth.method)
      if (credentials && auth.username === credentials.user && auth.password === credentials.password)
        return callback(null, { user: auth.username })
      callback(smtpFailure('Invalid username or password', 535))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        attempts++
        const failure = fail?.(attempts)
        if (failure) return callback(failure)
        const raw = Buffer.concat(chunks)
        simpleParser(raw).then((parsed) => {
          received.push({
            raw: raw.toString('utf8'),
            parsed,
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            secure: session.secure,
          })
          callback()
        }, callback)
      })
    },
  })
  // A client that gives up (an untrusted certificate) is an 'error' of the server: expected here.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    attempts: () => attempts,
    authMethods,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A self-signed certificate for localhost / 127.0.0.1 (openssl), made for one test run. */
export function selfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'portico-smtp-cert-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export interface RawSmtp {
  socket: Socket
  /** The next complete reply (all its lines). */
  reply(): Promise<string>
  /** Sends one command line and returns the reply. */
  command(line: string): Promise<string>
  /** Writes bytes, waiting for the socket to drain (so the sender never buffers much). */
  write(data: string | Buffer): Promise<void>
  close(): void
}

/** A bare SMTP client over TCP, to say what a well-behaved client would not. */
export async function rawSmtp(port: number): Promise<RawSmtp> {
  const socket = connect(port, '127.0.0.1')
  socket.setEncoding('utf8')
  let buffer = ''
  const waiting: ((reply: string) => void)[] = []
  const flush = () => {
    while (waiting.length > 0) {
      const match = /^(?:\d{3}-[^\r\n]*\r\n)*\d{3}(?: [^\r\n]*)?\r\n/.exec(buffer)
      if (!match) return
      buffer = buffer.slice(match[0].length)
      waiting.shift()?.(match[0])
    }
  }
  socket.on('data', (data: string) => {
    buffer += data
    flush()
  })
  const reply = () =>
    new Promise<string>((resolve) => {
      waiting.push(resolve)
      flush()
    })
  const client: RawSmtp = {
    socket,
    reply,
    command(line) {
      socket.write(`${line}\r\n`)
      return reply()
    },
    write: (data) =>
      new Promise<void>((resolve, reject) => {
        if (socket.destroyed) return reject(new Error('socket closed'))
        if (socket.write(data)) resolve()
        else socket.once('drain', resolve)
      }),
    close: () => socket.destroy(),
  }
  await reply()
  return client
}
