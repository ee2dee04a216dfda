import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createServiceLog, lineLog, logLevelFromEnv } from './log.ts'
import { createServiceMetrics } from './metrics.ts'
import { observeNodeRequest } from './nodeHttp.ts'

function capture() {
  const lines: Record<string, unknown>[] = []
  return { lines, destination: { write: (line: string) => void lines.push(JSON.parse(line)) } }
}

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

describe('service logs', () => {
  it('one JSON object per line: time, level, service, msg and the fields', () => {
    const { lines, destination } = capture()
    const log = createServiceLog('relay', { destination })
    log.warn('persistence failure', { topic: 't1' })
    lineLog(log, 'error')('plain line')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({
      level: 'warn',
      service: 'relay',
      msg: 'persistence failure',
      topic: 't1',
    })
    expect(new Date(String(lines[0]?.time)).toISOString()).toBe(lines[0]?.time)
    expect(lines[1]).toMatchObject({ level: 'error', msg: 'plain line' })
  })

  it('keeps lines below its level; PORTICO_LOG_LEVEL is checked', () => {
    const { lines, destination } = capture()
    const log = createServiceLog('idp', { level: 'warn', destination })
    log.info('not shown')
    log.error('shown')
    expect(lines.map((l) => l.msg)).toEqual(['shown'])
    expect(logLevelFromEnv({})).toBe('info')
    expect(logLevelFromEnv({ PORTICO_LOG_LEVEL: 'debug' })).toBe('debug')
    expect(() => logLevelFromEnv({ PORTICO_LOG_LEVEL: 'loud' })).toThrow(/PORTICO_LOG_LEVEL must be one of/)
  })

  it('a node:http service logs each request with its id and route pattern, never the path', async () => {
    const { lines, destination } = capture()
    const accessLog = createServiceLog('onramp', { destination })
    server = createServer(async (req, res) => {
      const observed = await observeNodeRequest(req, res, {
        metrics: createServiceMetrics('onramp'),
        access: { production: false },
        ready: {},
        routeOf: (_method, path) => (path.startsWith('/api/orders/') ? '/api/orders/:id' : undefined),
        accessLog,
      })
      if (observed.handled) return
      res.writeHead(req.url?.startsWith('/api/orders/') ? 200 : 404)
      res.end()
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    await fetch(`${base}/api/orders/secret-order-id?token=abc`, { headers: { 'x-request-id': 'req-42' } })
    await fetch(`${base}/nowhere/else`)
    await expect.poll(() => lines.length).toBe(2)
    expect(lines[0]).toMatchObject({
      service: 'onramp',
      msg: 'request',
      requestId: 'req-42',
      method: 'GET',
      route: '/api/orders/:id',
      status: 200,
    })
    expect(typeof lines[0]?.ms).toBe('number')
    expect(lines[1]).toMatchObject({ route: 'unmatched', status: 404 })
    expect(JSON.stringify(lines)).not.toMatch(/secret-order-id|token=abc|nowhere/)
  })
})
