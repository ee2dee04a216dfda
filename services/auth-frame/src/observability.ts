/**
 * The auth frame's metrics and readiness: request metrics by route (@portico/ops), mail sends and
 * sign-ins (sessions created); GET /ready checks the database, the SMTP server and the chains' RPC.
 */
import { createServiceMetrics, observeFastify, rpcAnswers, tcpReachable } from '@portico/ops'
import type { FastifyInstance } from 'fastify'
import type { AuthFrameConfig } from './config.ts'
import type { Store } from './db/store.ts'
import type { Mailer } from './email/mailer.ts'
import { SMTP_DEFAULT_PORT } from './email/smtp.ts'

export interface FrameObservability {
  /** The mailer, counting sends by result. */
  mailer: Mailer
  /** The store, counting sign-ins (each session created). */
  store: Store
  /** Adds the hooks, /metrics and /ready to the app. */
  register(app: FastifyInstance, smtp: { host: string; port: number } | undefined): void
}

export function observeFrame(config: AuthFrameConfig, store: Store, mailer: Mailer): FrameObservability {
  const metrics = createServiceMetrics('auth-frame')
  const sends = metrics.counter('portico_auth_frame_mail_sends_total', 'Emails sent, by result', ['result'])
  const signIns = metrics.counter(
    'portico_auth_frame_sign_ins_total',
    'Sessions created (email or social sign-in)',
  )
  const counted: Mailer = {
    send: async (mail) => {
      try {
        await mailer.send(mail)
        sends.inc({ result: 'sent' })
      } catch (err) {
        sends.inc({ result: 'failed' })
        throw err
      }
    },
  }
  // The store's own methods, with insertSession counted (the one place every sign-in goes through).
  const observedStore: Store = Object.create(store)
  observedStore.insertSession = async (session, now) => {
    await store.insertSession(session, now)
    signIns.inc()
  }
  return {
    mailer: counted,
    store: observedStore,
    register(app, smtp) {
      observeFastify(app, {
        metrics,
        access: { production: config.production, token: config.metricsToken },
        ready: {
          // A query on the users table: the database answers, not only accepts connections.
          database: () => store.userById('readiness-probe'),
          ...(smtp && { smtp: () => tcpReachable(smtp.host, smtp.port) }),
          ...Object.fromEntries(
            config.chains.map((c) => [`chain eip155:${c.chainId}`, () => rpcAnswers(c.rpcUrl)]),
          ),
        },
      })
    },
  }
}

/** Where mail goes: the configured SMTP server (a test mailer has none to check). */
export function smtpTarget(config: AuthFrameConfig): { host: string; port: number } | undefined {
  if (config.mailer || !config.smtp) return undefined
  return {
    host: config.smtp.host,
    port: config.smtp.port ?? SMTP_DEFAULT_PORT[config.smtp.tls ?? 'starttls'],
  }
}
