import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthFrameConfigInput } from '../src/index.ts'
import { startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

/**
 * Email sends are capped per address and per IP (behaviour §5 allowed-to-trigger). Counting and recording
 * a send must be one step: concurrent requests that all count before any records would each pass.
 * The race is real on PostgreSQL (asynchronous queries); SQLite's synchronous driver serialises it.
 */
const url = process.env.PORTICO_TEST_DATABASE_URL
const schema = `email_sends_test_${randomBytes(6).toString('hex')}`
const databases: [string, AuthFrameConfigInput['database'] | undefined][] = [['SQLite', undefined]]
if (url) databases.push(['PostgreSQL', { kind: 'postgres', url, schema }])

describe.each(databases)('concurrent email sends on %s', (_name, database) => {
  let frame: TestFrame
  beforeAll(async () => {
    frame = await startTestFrame({
      ...(database ? { database } : {}),
      emailRateLimit: { perEmail: { max: 3, windowMs: 60_000 }, perIp: { max: 5, windowMs: 60_000 } },
    })
  })
  afterAll(async () => {
    await frame?.close()
    if (database?.kind !== 'postgres') return
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    } finally {
      await client.end()
    }
  })

  it('to one address, 12 at once: exactly the per-address cap is sent', async () => {
    const email = uniqueEmail()
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => frame.device().call('CONNECT_EMAIL', { email })),
    )
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3)
    expect(
      answers.filter((answer) => !answer.ok && answer.error === 'Too many emails sent, try again later'),
    ).toHaveLength(9)
    expect(await frame.mailbox(email)).toHaveLength(3)
  })

  it('from one IP to many addresses, 12 at once: exactly the per-IP cap is sent', async () => {
    const emails = Array.from({ length: 12 }, () => uniqueEmail())
    const answers = await Promise.all(emails.map((email) => frame.device().call('CONNECT_EMAIL', { email })))
    // The first test spent 3 of this IP's 5.
    expect(answers.filter((answer) => answer.ok)).toHaveLength(2)
  })
})
