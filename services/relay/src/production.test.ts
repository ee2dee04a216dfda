import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DevDefaultsRefused, refusalOf } from '@portico/ops'
import { afterAll, describe, expect, it } from 'vitest'
import { startRelay } from './relay.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-relay-production-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('production mode', () => {
  it('with every dev default left, start-up refuses once, naming each', async () => {
    const error = await refusalOf(startRelay({ production: true, port: 0, log: false, logTraffic: true }))
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    expect(error.message).toContain('messages kept in memory only (PORTICO_RELAY_DATA=memory)')
    expect(error.message).toContain('traffic logging (PORTICO_RELAY_LOG=traffic)')
    expect(error.problems).toHaveLength(2)
  })

  it('with a production configuration, it starts', async () => {
    const relay = await startRelay({
      production: true,
      port: 0,
      log: false,
      dataFile: join(dir, 'messages.sqlite'),
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
