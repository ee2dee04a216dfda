/** Persistence: every accepted message is on disk before its answer; a write failure shows. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { clientOf, onCleanup, relayFor, topic, until } from '../../test/testkit.ts'
import { SqliteStore } from './sqlite.ts'
import { sqliteAddonOptions } from './sqliteAddon.ts'

async function tempFile(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-relay-store-'))
  onCleanup(() => rm(dir, { recursive: true, force: true }))
  return join(dir, name)
}

const health = async (url: string) => {
  const res = await fetch(`${url.replace('ws:', 'http:')}/health`)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('sqlite store: nothing accepted is lost', () => {
  it('a second relay on the same file sees every accepted message at once (no close, no flush)', async () => {
    const dataFile = await tempFile('messages.sqlite')
    const first = await relayFor({ dataFile })
    const a = await clientOf(first)
    const topics = [topic(), topic()]
    for (let i = 0; i < 150; i++) {
      await a.request('irn_publish', { topic: topics[i % 2], message: `m${i}`, ttl: 60 })
    }
    await a.request('irn_batchPublish', {
      messages: Array.from({ length: 40 }, (_, i) => ({ topic: topics[0], message: `b${i}`, ttl: 60 })),
    })
    await a.request('irn_publish', { topic: topics[1], message: 'expires', ttl: 1 })

    // As after a crash: the first relay is neither closed nor flushed.
    const second = await relayFor({ dataFile })
    const b = await clientOf(second)
    const got = await b.request<{ messages: Array<{ message: string }> }>('irn_batchFetchMessages', {
      topics,
    })
    expect(got.messages.filter((m) => m.message !== 'expires')).toHaveLength(190)
    await until('the 1 s message to expire', () => Date.now() > second.stats().startedAt + 1100)
    const later = await (await clientOf(second)).request<{ messages: Array<{ message: string }> }>(
      'irn_batchFetchMessages',
      { topics },
    )
    expect(later.messages.map((m) => m.message)).not.toContain('expires')
  })

  it('keeps stored-bytes usage across a reopen', async () => {
    const file = await tempFile('usage.sqlite')
    const store = new SqliteStore(file)
    const quota = { perClientBytes: 0, perIpBytes: 0, totalBytes: 0 }
    await store.add(
      [
        {
          topic: 't',
          message: 'x'.repeat(99),
          ttlSeconds: 60,
          tag: 0,
          prompt: false,
          publisher: 'c',
          ip: 'i',
        },
      ],
      quota,
    )
    await store.close()
    const again = new SqliteStore(file)
    onCleanup(() => again.close())
    expect(again.usage('c', 'i')).toEqual({ client: 100, ip: 100, total: 100 })
  })
})

describe('sqlite store: a persistence failure shows', () => {
  it('a publish the store cannot write is refused (-32603), logged and shown in /health until writes work again', async () => {
    const dataFile = await tempFile('locked.sqlite')
    const lines: string[] = []
    const relay = await relayFor({ dataFile, log: (l) => lines.push(l) })
    const c = await clientOf(relay)
    const t = topic()
    expect(await c.request('irn_publish', { topic: t, message: 'before', ttl: 60 })).toBe(true)
    expect(await health(relay.url)).toMatchObject({
      status: 200,
      body: { status: 'ok', persistence: { ok: true } },
    })

    // Another process holds the write lock: every write fails (as with a full disk or an I/O error).
    const blocker = new Database(dataFile, sqliteAddonOptions())
    onCleanup(() => blocker.open && blocker.close())
    blocker.exec('BEGIN IMMEDIATE')
    await expect(c.request('irn_publish', { topic: t, message: 'during', ttl: 60 })).rejects.toMatchObject({
      code: -32603,
      message: 'Internal error: message not stored (storing a message failed: database is locked)',
    })
    expect(lines).toContain('persistence failure: storing a message failed: database is locked')
    const failing = await health(relay.url)
    expect(failing.status).toBe(503)
    expect(failing.body).toMatchObject({
      status: 'degraded',
      persistence: { ok: false, location: dataFile, error: 'storing a message failed: database is locked' },
    })

    blocker.exec('ROLLBACK')
    expect(await c.request('irn_publish', { topic: t, message: 'after', ttl: 60 })).toBe(true)
    expect(await health(relay.url)).toMatchObject({ status: 200, body: { status: 'ok' } })
    const got = await (await clientOf(relay)).request<{ messages: Array<{ message: string }> }>(
      'irn_fetchMessages',
      { topic: t },
    )
    expect(got.messages.map((m) => m.message)).toEqual(['before', 'after'])
  })
})
