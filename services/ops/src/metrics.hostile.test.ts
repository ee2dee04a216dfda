import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { fastifyRequestIds, observeFastify } from './fastify.ts'
import { createServiceMetrics, MAX_ROUTES } from './metrics.ts'
import { parsePrometheusText, samplesOf } from './prometheusText.ts'

const REQUESTS = 'portico_http_requests_total'

async function seriesOf(metrics: ReturnType<typeof createServiceMetrics>) {
  return samplesOf(parsePrometheusText((await metrics.render()).body), REQUESTS)
}

describe('metric labels stay bounded whatever clients send', () => {
  it('a route is its pattern: a thousand distinct URLs make a handful of series', async () => {
    const metrics = createServiceMetrics('test')
    const app = Fastify({ ...fastifyRequestIds() })
    observeFastify(app, { metrics, access: { production: false }, ready: {} })
    app.get('/v1/balance/:address', async () => ({ ok: true }))
    try {
      for (let i = 0; i < 500; i++) {
        await app.inject({ url: `/v1/balance/0x${i.toString(16).padStart(40, '0')}?q=${i}` })
        await app.inject({ url: `/random/${i}/${'x'.repeat(i % 50)}` })
      }
      await app.inject({ method: 'PROPFIND' as 'GET', url: '/v1/balance/0x1' })
      const series = await seriesOf(metrics)
      expect(series.map((s) => `${s.labels.method} ${s.labels.route} ${s.labels.status}`).sort()).toEqual([
        'GET (unmatched) 404',
        'GET /v1/balance/:address 200',
        'OTHER (unmatched) 404',
      ])
      expect(series.find((s) => s.labels.route === '/v1/balance/:address')?.value).toBe(500)
    } finally {
      await app.close()
    }
  })

  it('beyond MAX_ROUTES distinct patterns, the rest share one label value', async () => {
    const metrics = createServiceMetrics('test')
    for (let i = 0; i < MAX_ROUTES + 100; i++)
      metrics.observeHttp({ method: 'GET', route: `/r${i}`, status: 200, seconds: 0.001 })
    metrics.observeHttp({ method: 'GET', route: '/r0', status: 999, seconds: 0.001 })
    const routes = new Set((await seriesOf(metrics)).map((s) => s.labels.route))
    expect(routes.size).toBe(MAX_ROUTES + 1)
    expect(routes.has('(other)')).toBe(true)
    expect((await seriesOf(metrics)).some((s) => s.labels.status === '0')).toBe(true)
  })
})
