import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FrameRequestType } from '@portico/shared-types/frame'
import type { BackendOnlyType } from '../src/frame/protocol.ts'
import type { MailboxMessage } from '../src/http/mailbox.ts'
import { type AuthFrameConfigInput, type AuthFrameServer, startAuthFrame } from '../src/index.ts'

export const PROJECT = 'portico-test'
export const APP_ORIGIN = 'http://localhost:4999'

export interface TestFrame {
  server: AuthFrameServer
  /** A client acting as the frame page on one device (its own device secret and session token). */
  device(options?: { secret?: string }): FrameClient
  mailbox(to: string): Promise<MailboxMessage[]>
  /** The newest message to `to` (polls: mail is written before the reply, so one read usually does). */
  lastMail(to: string): Promise<MailboxMessage>
  close(): Promise<void>
}

export type Answer =
  | { ok: true; result?: unknown; session?: string | null }
  | { ok: false; error: string; code?: number }

export interface FrameClient {
  secret: string
  token?: string
  /** Sends one request as the frame does; keeps the session token it is given. */
  call(type: FrameRequestType | BackendOnlyType, payload?: unknown): Promise<Answer>
  /** call(), expecting success; returns the result. */
  ok<T = unknown>(type: FrameRequestType | BackendOnlyType, payload?: unknown): Promise<T>
  /** call(), expecting an error; returns its message. */
  error(type: FrameRequestType | BackendOnlyType, payload?: unknown): Promise<string>
  /**
   * What the frame does for an unsafe request the user approves: DESCRIBE_REQUEST (the summary shown,
   * with its proof), APPROVE_REQUEST with that proof once the user clicked Approve, then RPC_REQUEST with
   * the one-time approval. `approved()` returns the answer, `signed()` the result (throws on error).
   */
  approved(method: string, params?: unknown): Promise<Answer>
  /** DESCRIBE_REQUEST then APPROVE_REQUEST with its proof: the one-time approval (throws on error). */
  approval(method: string, params?: unknown): Promise<string>
  signed<T = unknown>(method: string, params?: unknown): Promise<T>
}

export async function startTestFrame(input: AuthFrameConfigInput = {}): Promise<TestFrame> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-auth-frame-'))
  const server = await startAuthFrame({
    port: 0,
    database: { kind: 'sqlite', file: join(dir, 'frame.sqlite') },
    serverKeyFile: join(dir, 'server-key'),
    projects: { [PROJECT]: { allowedOrigins: [APP_ORIGIN] } },
    logLevel: 'silent',
    devMailbox: true,
    ...input,
  })
  const mailbox = async (to: string) =>
    (
      (await (await fetch(`${server.mailboxUrl}?to=${encodeURIComponent(to)}`)).json()) as {
        messages: MailboxMessage[]
      }
    ).messages
  return {
    server,
    device(options = {}) {
      const client: FrameClient = {
        secret: options.secret ?? randomBytes(32).toString('base64url'),
        async call(type, payload = {}) {
          const response = await fetch(`${server.url}/api/frame`, {
            method: 'POST',
            headers: {
              origin: server.url,
              'content-type': 'application/json',
              'x-portico-device': client.secret,
              ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
            },
            body: JSON.stringify({ type, payload, projectId: PROJECT, parentOrigin: APP_ORIGIN }),
          })
          const answer = (await response.json()) as Answer
          if (answer.ok && typeof answer.session === 'string') client.token = answer.session
          if (answer.ok && answer.session === null) delete client.token
          return answer
        },
        async ok(type, payload) {
          const answer = await client.call(type, payload)
          if (!answer.ok) throw new Error(`${type} failed: ${answer.error}`)
          return answer.result as never
        },
        async error(type, payload) {
          const answer = await client.call(type, payload)
          if (answer.ok) throw new Error(`${type} succeeded: ${JSON.stringify(answer.result)}`)
          return answer.error
        },
        async approved(method, params) {
          const described = await client.call('DESCRIBE_REQUEST', { method, params })
          if (!described.ok) return described
          const proof = (described.result as { described?: string }).described
          const approval = await client.call('APPROVE_REQUEST', { method, params, described: proof })
          if (!approval.ok) return approval
          const secret = (approval.result as { approval: string }).approval
          return client.call('RPC_REQUEST', { method, params, approval: secret })
        },
        async approval(method, params) {
          const described = await client.ok<{ described: string }>('DESCRIBE_REQUEST', { method, params })
          const { approval } = await client.ok<{ approval: string }>('APPROVE_REQUEST', {
            method,
            params,
            described: described.described,
          })
          return approval
        },
        async signed(method, params) {
          const answer = await client.approved(method, params)
          if (!answer.ok) throw new Error(`${method} failed: ${answer.error}`)
          return answer.result as never
        },
      }
      return client
    },
    mailbox,
    async lastMail(to) {
      for (let i = 0; i < 50; i++) {
        const [newest] = await mailbox(to)
        if (newest) return newest
        await new Promise((r) => setTimeout(r, 20))
      }
      throw new Error(`No mail to ${to}`)
    },
    async close() {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Signs a fresh email in on a device: CONNECT_EMAIL, the mailed code, CONNECT_OTP. */
export async function signIn(frame: TestFrame, client: FrameClient, email: string): Promise<void> {
  const { action } = await client.ok<{ action: string }>('CONNECT_EMAIL', { email })
  if (action !== 'VERIFY_OTP') throw new Error(`expected VERIFY_OTP, got ${action}`)
  const mail = await frame.lastMail(email)
  await client.ok('CONNECT_OTP', { otp: mail.code })
}

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.com`

/** The error message of an answer that must be an error. */
export async function errorOf(answer: Promise<Answer>): Promise<string> {
  const settled = await answer
  if (settled.ok) throw new Error(`succeeded: ${JSON.stringify(settled.result)}`)
  return settled.error
}
