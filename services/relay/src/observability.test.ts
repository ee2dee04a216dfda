import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parsePrometheusText, samplesOf } from '@portico/ops'
import { afterAll, describe, expect, it } from 'vitest'
import { clientOf, relayFor, topic } from '../test/testkit.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-relay-observability-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const httpUrl = (wsUrl: string, path: string) => `${wsUrl.replace(/^ws/, 'http').replace(/\/$/, '')}${path}`

describe('relay observability', () => {
  it('/metrics: sockets, subscriptions and stored messages, in Prometheus text', async () => {
    const relay = await relayFor({ log: false })
    const a = await clientOf(relay)
    await clientOf(relay)
    const t = topic()
    await a.request('irn_subscribe', { topic: t })
    await a.request('irn_publish', { topic: topic(), message: 'hello', ttl: 300, tag: 1000, prompt: false })
    const res = await fetch(httpUrl(relay.url, '/metrics'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const samples = parsePrometheusText(await res.text())
    const value = (name: string, labels = {}) => samplesOf(samples, name, labels)[0]?.value
    expect(value('portico_relay_sockets', { service: 'relay' })).toBe(2)
    expect(value('portico_relay_subscriptions')).toBe(1)
    expect(value('portico_relay_stored_messages')).toBe(1)
    expect(value('portico_relay_events', { event: 'published' })).toBe(1)
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  it('/ready answers 200 while the store writes; /health stays the relay’s own', async () => {
    const relay = await relayFor({ log: false })
    const ready = await fetch(httpUrl(relay.url, '/ready'))
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ ok: true, checks: { store: 'ok' } })
    const health = await fetch(httpUrl(relay.url, '/health'))
    expect(((await health.json()) as { status: string }).status).toBe('ok')
    const samples = parsePrometheusText(await (await fetch(httpUrl(relay.url, '/metrics'))).text())
    expect(
      samplesOf(samples, 'portico_http_requests_total', { route: '/health', status: '200' })[0]?.value,
    ).toBe(1)
  })

  it('production without PORTICO_METRICS_TOKEN does not serve /metrics; with it, only to the bearer', async () => {
    const closed = await relayFor({
      log: false,
      production: true,
      dataFile: join(dir, 'a.sqlite'),
      projectIds: ['acme'],
    })
    expect((await fetch(httpUrl(closed.url, '/metrics'))).status).toBe(404)
    const token = 'a-metrics-token-0123456789'
    const guarded = await relayFor({
      log: false,
      production: true,
      dataFile: join(dir, 'b.sqlite'),
      projectIds: ['acme'],
      metricsToken: token,
    })
    expect((await fetch(httpUrl(guarded.url, '/metrics'))).status).toBe(401)
    const ok = await fetch(httpUrl(guarded.url, '/metrics'), {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(ok.status).toBe(200)
  })
})
