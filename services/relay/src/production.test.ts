import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DevDefaultsRefused, refusalOf } from '@portico/ops'
import { afterAll, describe, expect, it } from 'vitest'
import { clientOf, relayFor, topic } from '../test/testkit.ts'
import { connectRelayClient, type RelayConnectError } from './client.ts'
import { startRelay } from './relay.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-relay-production-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('production mode', () => {
  it('with every dev default left, start-up refuses once, naming each', async () => {
    const error = await refusalOf(startRelay({ production: true, port: 0, log: false, logTraffic: true }))
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    expect(error.message).toContain('messages kept in memory only (PORTICO_RELAY_DATA=memory)')
    expect(error.message).toContain('traffic logging (PORTICO_RELAY_LOG=traffic)')
    expect(error.message).toContain('any project id accepted (the dev project id "portico-dev" too)')
    expect(error.problems).toHaveLength(3)
    const dev = await refusalOf(
      startRelay({
        production: true,
        port: 0,
        log: false,
        dataFile: join(dir, 'dev.sqlite'),
        projectIds: ['portico-dev'],
      }),
    )
    expect(dev.problems.map((p) => p.name)).toEqual(['the dev project id "portico-dev"'])
  })

  it('with a production configuration, it starts', async () => {
    const relay = await startRelay({
      production: true,
      port: 0,
      log: false,
      dataFile: join(dir, 'messages.sqlite'),
      projectIds: ['acme'],
    })
    try {
      expect((await fetch(relay.url.replace('ws:', 'http:').replace(/\/?$/, '/health'))).status).toBe(200)
    } finally {
      await relay.close()
    }
  })
})

describe('production mode: an in-memory SQLite file is memory too', () => {
  it('refuses dataFile ":memory:"', async () => {
    const error = await refusalOf(startRelay({ production: true, port: 0, log: false, dataFile: ':memory:' }))
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    expect(error.message).toContain('messages kept in memory only')
  })
})

describe('the project ids a relay serves', () => {
  it('refuses a socket of any other project (401 "Invalid project ID"); a listed one connects', async () => {
    const relay = await relayFor({ log: false, projectIds: ['acme'] })
    const refused = await connectRelayClient(relay.url, { projectId: 'portico-dev' }).then(
      () => {
        throw new Error('was accepted')
      },
      (e: unknown) => e as RelayConnectError,
    )
    expect(refused.refusal).toMatchObject({ status: 401 })
    expect(refused.refusal.body).toContain('Invalid project ID')
    const c = await clientOf(relay, { projectId: 'acme' })
    expect(await c.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
  })
})
