import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, it } from 'vitest'
import { createPostgresRepository } from '../src/db/postgres.ts'
import { describeRepository } from './repository.suite.ts'

const url = process.env.PORTICO_TEST_DATABASE_URL

if (url) {
  describeRepository('PostgreSQL', async () => {
    const schema = `portico_test_${randomBytes(6).toString('hex')}`
    return {
      open: () => createPostgresRepository({ url, schema }),
      destroy: async () => {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        } finally {
          await client.end()
        }
      },
    }
  })
} else {
  const reason =
    'PostgreSQL repository tests skipped: PORTICO_TEST_DATABASE_URL is not set ' +
    '(`export PORTICO_TEST_DATABASE_URL="$(sh services/api/scripts/pg-test-setup.sh)"` starts a local one).'
  console.log(reason)
  describe('repository on PostgreSQL', () => {
    it.skip(reason, () => {})
  })
}
