import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { fastifyRequestIds, observeFastify } from './fastify.ts'
import { createServiceMetrics } from './metrics.ts'
import { requestIdOf } from './requestId.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request ids a client sends are bounded', () => {
  it('keeps a short plain id, replaces a long, multi-line or odd one', () => {
    expect(requestIdOf('abc-123_x.y:z')).toBe('abc-123_x.y:z')
    expect(requestIdOf('a'.repeat(64))).toBe('a'.repeat(64))
    for (const hostile of ['a'.repeat(65), 'x\r\nforged: line', 'id"}', 'ïd', '', ['a', 'b'], undefined])
      expect(requestIdOf(hostile)).toMatch(UUID)
  })

  it('fastify logs and echoes only a bounded id, never the header as sent', async () => {
    const lines: string[] = []
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      ...fastifyRequestIds(),
    })
    observeFastify(app, { metrics: createServiceMetrics('test'), access: { production: false }, ready: {} })
    app.get('/x', async (req) => {
      req.log.info('handled')
      return { ok: true }
    })
    try {
      const long = 'A'.repeat(10_000)
      const hostile = await app.inject({ url: '/x', headers: { 'x-request-id': long } })
      expect(hostile.headers['x-request-id']).toMatch(UUID)
      const kept = await app.inject({ url: '/x', headers: { 'x-request-id': 'edge-7f3a' } })
      expect(kept.headers['x-request-id']).toBe('edge-7f3a')
      const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      const handled = logged.filter((l) => l.msg === 'handled').map((l) => l.reqId)
      expect(handled).toEqual([hostile.headers['x-request-id'], 'edge-7f3a'])
      expect(lines.join('')).not.toContain(long)
    } finally {
      await app.close()
    }
  })
})
