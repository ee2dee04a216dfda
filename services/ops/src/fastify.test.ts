import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { fastifyRequestIds, observeFastify } from './fastify.ts'
import { createServiceMetrics } from './metrics.ts'
import { parsePrometheusText, samplesOf } from './prometheusText.ts'

function appWith(
  access: { production: boolean; token?: string },
  ready: Record<string, () => Promise<unknown>>,
) {
  const metrics = createServiceMetrics('svc')
  const app = Fastify({ ...fastifyRequestIds() })
  observeFastify(app, { metrics, access, ready })
  app.get('/items/:id', async (req) => ({ id: (req.params as { id: string }).id }))
  app.get('/boom', async () => {
    throw new Error('boom')
  })
  return app
}

describe('fastify observability', () => {
  it('/metrics is Prometheus text that parses, with requests, latency and errors by route', async () => {
    const app = appWith({ production: false }, {})
    try {
      await app.inject({ url: '/items/1' })
      await app.inject({ url: '/items/2' })
      await app.inject({ url: '/boom' })
      const res = await app.inject({ url: '/metrics' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
      const samples = parsePrometheusText(res.body)
      expect(
        samplesOf(samples, 'portico_http_requests_total', { route: '/items/:id', status: '200' }),
      ).toEqual([
        {
          name: 'portico_http_requests_total',
          labels: { service: 'svc', method: 'GET', route: '/items/:id', status: '200' },
          value: 2,
        },
      ])
      expect(
        samplesOf(samples, 'portico_http_errors_total', { route: '/boom', kind: 'server' })[0]?.value,
      ).toBe(1)
      const buckets = samplesOf(samples, 'portico_http_request_duration_seconds_bucket', {
        route: '/items/:id',
      })
      expect(buckets.find((s) => s.labels.le === '+Inf')?.value).toBe(2)
      expect(samplesOf(samples, 'portico_process_cpu_seconds_total').length).toBe(1)
    } finally {
      await app.close()
    }
  })

  it('a token guards /metrics; production without one does not serve it', async () => {
    const token = 'scrape-token-0123456789'
    const guarded = appWith({ production: true, token }, {})
    const closed = appWith({ production: true }, {})
    try {
      expect((await guarded.inject({ url: '/metrics' })).statusCode).toBe(401)
      expect(
        (await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } }))
          .statusCode,
      ).toBe(401)
      expect(
        (await guarded.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode,
      ).toBe(200)
      expect((await closed.inject({ url: '/metrics' })).statusCode).toBe(404)
    } finally {
      await guarded.close()
      await closed.close()
    }
  })

  it('/ready is 200 when every check passes, 503 naming the one that fails or hangs', async () => {
    const up = appWith({ production: false }, { database: async () => 1 })
    const down = appWith(
      { production: false },
      {
        database: async () => 1,
        smtp: () => Promise.reject(new Error('refused')),
        rpc: () => new Promise(() => {}),
      },
    )
    try {
      const ok = await up.inject({ url: '/ready' })
      expect([ok.statusCode, ok.json()]).toEqual([200, { ok: true, checks: { database: 'ok' } }])
      const failing = await down.inject({ url: '/ready' })
      expect([failing.statusCode, failing.json()]).toEqual([
        503,
        { ok: false, checks: { database: 'ok', smtp: 'failing', rpc: 'failing' } },
      ])
    } finally {
      await up.close()
      await down.close()
    }
  })
})
