import { join } from 'node:path'
import type { ApiErrorBody } from '@portico/shared-types/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAnalyticsStore } from '../src/directory/analyticsStore.ts'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, getJson, PROJECT, tempDir } from './helpers.ts'

let api: ApiServer
let dir: ReturnType<typeof tempDir>
let file: string

beforeAll(async () => {
  dir = tempDir('portico-api-analytics-hostile-')
  file = join(dir.dir, 'api.sqlite')
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file },
    indexer: { enabled: false },
    retention: { analyticsDays: 1, endedSessionDays: 1, intervalMs: 50 },
    logLevel: 'silent',
  })
})

afterAll(async () => {
  await api?.close()
  dir?.remove()
})

/** Raw text: a nesting this deep cannot even be built with JSON.stringify. */
function postRaw(body: string) {
  return getJson<ApiErrorBody>(`${api.url}/e?projectId=${PROJECT}&st=portico&sv=1.7.0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
}
const envelope = (eventId: string, props: string) =>
  `{"eventId":"${eventId}","url":"http://localhost/","domain":"localhost","timestamp":1,"props":${props}}`

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('condition not met')
}

describe('analytics props under attack', () => {
  it('answers 400 with a clear message to props nested thousands deep (objects or arrays), not 500', async () => {
    // 5,000 levels and more parse, then overflowed JSON.stringify's stack (a 500) before the limit.
    for (const [open, close] of [
      ['{"a":', '}'],
      ['[', ']'],
    ] as const)
      for (const depth of [9, 5000, 20_000]) {
        const props = `{"deep":${open.repeat(depth)}1${close.repeat(depth)}}`
        const r = await postRaw(envelope(`deep-${open.length}-${depth}`, props))
        expect(r.status, `${open} × ${depth}`).toBe(400)
        expect(r.body.message, `${open} × ${depth}`).toBe('props must be nested at most 8 levels deep')
      }
    // The service is still up and stores a normal event.
    const ok = await postRaw(envelope('fine', '{"event":"CONNECT_SUCCESS","properties":{"name":"Dev"}}'))
    expect(ok.status).toBe(202)
  })

  it('answers 400 to props with too many values', async () => {
    const props = JSON.stringify({ list: Array.from({ length: 2000 }, () => 0) })
    const r = await postRaw(envelope('wide', props))
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('props must hold at most 1000 values')
  })
})

describe('retention', () => {
  it('deletes analytics events and ended sessions older than configured, keeping recent ones', async () => {
    const store = await openAnalyticsStore({ kind: 'sqlite', file })
    try {
      const event = {
        projectId: PROJECT,
        sdkType: 'portico',
        sdkVersion: null,
        clientId: null,
        url: 'http://localhost/',
        domain: 'localhost',
        timestamp: 1,
        props: {},
        origin: null,
      }
      await store.record({ ...event, eventId: 'old', receivedAt: Date.now() - 2 * 86_400_000 })
      await store.record({ ...event, eventId: 'recent', receivedAt: Date.now() })
      const now = Math.floor(Date.now() / 1000)
      const session = {
        projectId: PROJECT,
        address: '0x1111111111111111111111111111111111111111',
        permission: { permissionType: 'x', data: '0x', required: true, onChainValidated: false },
        createdAt: now - 5 * 86_400,
      }
      await api.repository.createSession({
        ...session,
        pci: 'expired',
        expiry: now - 2 * 86_400,
        revokedAt: null,
      })
      await api.repository.createSession({
        ...session,
        pci: 'revoked',
        expiry: null,
        revokedAt: now - 2 * 86_400,
      })
      await api.repository.createSession({ ...session, pci: 'live', expiry: now + 86_400, revokedAt: null })
      await api.repository.createSession({ ...session, pci: 'just-ended', expiry: now - 60, revokedAt: null })

      await until(async () => (await store.list()).every((e) => e.eventId !== 'old'))
      await until(async () => (await api.repository.getSession('expired')) === null)
      await until(async () => (await api.repository.getSession('revoked')) === null)
      expect((await store.list()).map((e) => e.eventId)).toContain('recent')
      expect((await api.repository.listSessions(session.address)).map((s) => s.pci).sort()).toEqual([
        'just-ended',
        'live',
      ])
    } finally {
      await store.close()
    }
  })
})
