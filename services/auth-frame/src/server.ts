import { EventEmitter } from 'node:events'
import { drainOnClose, fastifyTrustProxy } from '@portico/api'
import { fastifyRequestIds, refuseDevDefaults } from '@portico/ops'
import Fastify, { type FastifyInstance } from 'fastify'
import { type AuthFrameConfig, type AuthFrameConfigInput, resolveConfig } from './config.ts'
import type { Services } from './context.ts'
import { loadServerKeys } from './crypto/serverKey.ts'
import { createVault } from './crypto/vault.ts'
import { passkeyStore } from './db/passkeys.ts'
import { openStore, type Store } from './db/store.ts'
import { type DevReceiver, startDevReceiver } from './email/devReceiver.ts'
import type { Mailer } from './email/mailer.ts'
import { checkSmtpConfig, smtpMailer } from './email/smtp.ts'
import { frameBundle } from './frame/bundle.ts'
import { emailLoginHandlers } from './handlers/emailLogin.ts'
import { emailUpdateHandlers } from './handlers/emailUpdate.ts'
import { keyExportHandlers } from './handlers/keyExport.ts'
import { passkeyHandlers } from './handlers/passkeys.ts'
import { rpcHandlers } from './handlers/rpc.ts'
import { sessionHandlers } from './handlers/session.ts'
import { socialHandlers } from './handlers/social.ts'
import type { HandlerMap } from './handlers/types.ts'
import { frameApiRoutes } from './http/api.ts'
import { deviceRoutes } from './http/device.ts'
import { framePageRoutes } from './http/framePage.ts'
import { mailboxRoutes } from './http/mailbox.ts'
import { observeFrame, smtpTarget } from './observability.ts'
import { PASSKEY_RATE_LIMIT } from './passkeys/challenges.ts'
import { authFrameDevDefaults } from './production.ts'

export interface AuthFrameServer {
  /** The frame's origin, http://host:port (or config.publicUrl). */
  url: string
  /** `${url}/frame`: add ?projectId&chainId&version&enableLogger&parentOrigin. */
  frameUrl: string
  /** `${url}/dev/mailbox` when the dev mailbox is on. */
  mailboxUrl?: string
  /** The loopback SMTP receiver feeding the dev mailbox, when this server started one. */
  devSmtp?: { host: string; port: number }
  port: number
  config: AuthFrameConfig
  store: Store
  /** The handler services (tests drive handlers and the clock through it). */
  services: Services
  close(): Promise<void>
}

/** Expired flows, old email-send records and long-ended sessions are deleted this often. */
const PRUNE_INTERVAL_MS = 3_600_000
/** Ended (expired or revoked) sessions are kept this long, then deleted. */
const SESSION_RETENTION_MS = 30 * 86_400_000

export const HANDLERS: HandlerMap = {
  ...emailLoginHandlers,
  ...emailUpdateHandlers,
  ...sessionHandlers,
  ...socialHandlers,
  ...rpcHandlers,
  ...keyExportHandlers,
  ...passkeyHandlers,
}

/** A wake-up per flow id for CONNECT_DEVICE; waiters also re-read the database each second. */
function deviceSignals(): Services['deviceApproved'] {
  const events = new EventEmitter()
  events.setMaxListeners(0)
  return {
    notify: (flowId) => events.emit(flowId),
    wait: (flowId, ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          events.off(flowId, done)
          resolve()
        }
        const timer = setTimeout(done, ms)
        events.once(flowId, done)
      }),
  }
}

/** Opens (and migrates) the database, loads the server key and serves the frame on config.host:config.port. */
export async function startAuthFrame(input: AuthFrameConfigInput = {}): Promise<AuthFrameServer> {
  const config = resolveConfig(input)
  if (config.production) refuseDevDefaults('The auth frame', authFrameDevDefaults(config))
  if (config.production && !config.smtp && !config.mailer)
    throw new Error(
      'Production (PORTICO_ENV or NODE_ENV=production) sends mail through an SMTP server: set PORTICO_AUTH_FRAME_SMTP_URL (or PORTICO_AUTH_FRAME_SMTP_HOST) and PORTICO_AUTH_FRAME_SMTP_FROM (`smtp` in the config)',
    )
  if (!config.devMailbox && !config.smtp && !config.mailer)
    throw new Error(
      'The auth frame needs a mailer: an SMTP server (PORTICO_AUTH_FRAME_SMTP_URL or PORTICO_AUTH_FRAME_SMTP_HOST, and PORTICO_AUTH_FRAME_SMTP_FROM; `smtp` in the config), or the dev mailbox for local use (devMailbox: true, PORTICO_AUTH_FRAME_MAILBOX=1)',
    )
  if (config.smtp && !config.mailer) checkSmtpConfig(config.smtp)
  const keys = loadServerKeys(config, { log: (line) => config.logLevel !== 'silent' && console.warn(line) })
  const vault = createVault(keys.current, keys.old)
  await frameBundle()
  const store = await openStore(config.database)
  let app: FastifyInstance | undefined
  let pruneTimer: NodeJS.Timeout | undefined
  let receiver: DevReceiver | undefined
  try {
    app = Fastify({
      logger: { level: config.logLevel },
      // x-request-id from a proxy within bounds, else a fresh one: in every log line and the answer.
      ...fastifyRequestIds(),
      bodyLimit: 96 * 1024,
      trustProxy: fastifyTrustProxy(config.trustProxy),
    })
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    const log = app.log
    const logMail = (message: string, details: { attempt: number; final: boolean; err: unknown }) =>
      log[details.final ? 'error' : 'warn']({ err: details.err, attempt: details.attempt }, message)
    let mailer: Mailer
    if (config.mailer) mailer = config.mailer
    else if (config.smtp) mailer = smtpMailer(config.smtp, { log: logMail })
    else {
      // The dev stack: a loopback SMTP receiver feeding the mailbox table, reached through the same mailer.
      receiver = await startDevReceiver({ store, log: (message, err) => log.warn({ err }, message) })
      mailer = smtpMailer(
        {
          host: receiver.host,
          port: receiver.port,
          tls: 'none',
          from: 'Portico <no-reply@portico.localhost>',
        },
        { log: logMail },
      )
    }
    const observed = observeFrame(config, store, mailer)
    const svc: Services = {
      config,
      store: observed.store,
      vault,
      mailer: observed.mailer,
      frameOrigin: config.publicUrl ?? '',
      now: Date.now,
      deviceApproved: deviceSignals(),
    }
    const closeServer = drainOnClose(app)
    observed.register(app, smtpTarget(config) ?? receiver)
    // Liveness: the process answers; readiness (dependencies) is GET /ready.
    app.get('/health', async () => ({ ok: true }))
    framePageRoutes(app, config)
    frameApiRoutes(app, svc, HANDLERS)
    deviceRoutes(app, svc)
    if (config.devMailbox) mailboxRoutes(app, svc)
    await config.social?.registerRoutes?.(app)
    const prune = () =>
      store
        .prune(
          svc.now(),
          svc.now() - Math.max(config.emailRateLimit.perEmail.windowMs, config.emailRateLimit.perIp.windowMs),
          svc.now() - SESSION_RETENTION_MS,
        )
        // Used and expired challenges are kept a window long: they count ceremonies per IP and account.
        .then(() => passkeyStore(store.driver).prune(svc.now() - PASSKEY_RATE_LIMIT.windowMs))
        .catch((err: unknown) => app?.log.warn({ err }, 'auth frame prune failed'))
    pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS)
    pruneTimer.unref()
    await app.listen({ host: config.host, port: config.port })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    const url = config.publicUrl ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`
    svc.frameOrigin = new URL(url).origin
    const devReceiver = receiver
    let closing: Promise<void> | undefined
    return {
      url: svc.frameOrigin,
      frameUrl: `${svc.frameOrigin}/frame`,
      ...(config.devMailbox && { mailboxUrl: `${svc.frameOrigin}/dev/mailbox` }),
      ...(receiver && { devSmtp: { host: receiver.host, port: receiver.port } }),
      port,
      config,
      store,
      services: svc,
      close: () => {
        closing ??= (async () => {
          clearInterval(pruneTimer)
          await closeServer()
          await devReceiver?.close()
          await store.close()
        })()
        return closing
      },
    }
  } catch (err) {
    clearInterval(pruneTimer)
    await app?.close().catch(() => {})
    await receiver?.close().catch(() => {})
    await store.close().catch(() => {})
    throw err
  }
}
