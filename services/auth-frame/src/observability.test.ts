import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parsePrometheusText, samplesOf } from '@portico/ops'
import { afterAll, describe, expect, it } from 'vitest'
import { signIn, startTestFrame, uniqueEmail } from '../test/helpers.ts'
import { startAuthFrame } from './server.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-auth-frame-observability-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('auth frame observability', () => {
  it('/metrics counts requests by route and mail sends by result; /ready checks database and chains', async () => {
    let fail = false
    const server = await startAuthFrame({
      port: 0,
      logLevel: 'silent',
      database: { kind: 'sqlite', file: join(dir, 'frame.sqlite') },
      serverKeyFile: join(dir, 'server-key'),
      // A closed port: the chain's RPC is down.
      chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      mailer: {
        send: async () => {
          if (fail) throw new Error('refused')
        },
      },
    })
    try {
      const mail = { to: 'a@example.com', subject: 's', text: 't' }
      await server.services.mailer.send(mail)
      fail = true
      await expect(server.services.mailer.send(mail)).rejects.toThrow('refused')
      await fetch(`${server.url}/health`)
      const ready = await fetch(`${server.url}/ready`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({
        ok: false,
        checks: { database: 'ok', 'chain eip155:31337': 'failing' },
      })
      const samples = parsePrometheusText(await (await fetch(`${server.url}/metrics`)).text())
      const sends = (result: string) =>
        samplesOf(samples, 'portico_auth_frame_mail_sends_total', { service: 'auth-frame', result })[0]?.value
      expect(sends('sent')).toBe(1)
      expect(sends('failed')).toBe(1)
      expect(
        samplesOf(samples, 'portico_http_requests_total', { route: '/health', status: '200' })[0]?.value,
      ).toBe(1)
      expect(
        samplesOf(samples, 'portico_http_requests_total', { route: '/ready', status: '503' })[0]?.value,
      ).toBe(1)
    } finally {
      await server.close()
    }
  })

  it('an email sign-in through the dev SMTP receiver: one mail sent, one sign-in; /ready checks that SMTP server too', async () => {
    // A closed port: the chain's RPC is down (signing in does not need it).
    const frame = await startTestFrame({ chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }] })
    try {
      await signIn(frame, frame.device(), uniqueEmail())
      const ready = await fetch(`${frame.server.url}/ready`)
      expect(await ready.json()).toEqual({
        ok: false,
        checks: { database: 'ok', smtp: 'ok', 'chain eip155:31337': 'failing' },
      })
      const samples = parsePrometheusText(await (await fetch(`${frame.server.url}/metrics`)).text())
      expect(samplesOf(samples, 'portico_auth_frame_mail_sends_total', { result: 'sent' })[0]?.value).toBe(1)
      expect(samplesOf(samples, 'portico_auth_frame_sign_ins_total')[0]?.value).toBe(1)
    } finally {
      await frame.close()
    }
  })
})
