import { randomBytes } from 'node:crypto'
import type { ApiHealthResponse, HistoryResponse } from '@portico/shared-types/api'
import pg from 'pg'
import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { startApi } from '../src/index.ts'
import { blockNumber, getJson, PROJECT, sendEth, startEvmDevnet, waitIndexed } from './helpers.ts'

const url = process.env.PORTICO_TEST_DATABASE_URL

describe.skipIf(!url)('the service on PostgreSQL', () => {
  it('indexes, pages history and resumes after a restart', async () => {
    const schema = `portico_api_${randomBytes(6).toString('hex')}`
    const devnet = await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }], fixtures: true })
    const rpc = devnet.chains[0]?.rpcUrl ?? ''
    const config = {
      port: 0,
      chains: [{ chainId: 31337, rpcUrl: rpc }],
      database: { kind: 'postgres' as const, url: url ?? '', schema },
      fixtures: devnet.fixtures ?? {},
      historyPageSize: 3,
      logLevel: 'silent' as const,
      indexer: { pollMs: 50 },
    }
    let api = await startApi(config)
    try {
      await waitIndexed(api.url, { 31337: await blockNumber(rpc) })
      expect((await getJson<ApiHealthResponse>(`${api.url}/health`)).body.database).toBe('postgres')
      const holder = devnet.accounts[1]?.address ?? ''
      const pages = async () => {
        const hashes: string[] = []
        let cursor: string | null = null
        do {
          const r: { body: HistoryResponse } = await getJson<HistoryResponse>(
            `${api.url}/v1/account/${holder}/history?projectId=${PROJECT}${cursor ? `&cursor=${cursor}` : ''}`,
          )
          hashes.push(...r.body.data.map((t) => t.metadata.hash))
          cursor = r.body.next
        } while (cursor)
        return hashes
      }
      const before = await pages()
      expect(before.length).toBeGreaterThan(3)
      expect(new Set(before).size).toBe(before.length)

      await api.close()
      const hash = await sendEth(
        rpc,
        31337,
        devnet.accounts[0]?.privateKey ?? '0x',
        holder as `0x${string}`,
        parseEther('1'),
      )
      api = await startApi(config)
      await waitIndexed(api.url, { 31337: await blockNumber(rpc) })
      expect(await pages()).toEqual([hash, ...before])
    } finally {
      await api.close()
      await devnet.stop()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    }
  })
})
