import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Devnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainHandles } from '../src/chain/clients.ts'
import type { Repository } from '../src/db/repository.ts'
import { createSqliteRepository } from '../src/db/sqlite.ts'
import { type ApiServer, resolveConfig, startApi } from '../src/index.ts'
import { startIndexer } from '../src/indexer/indexer.ts'
import { freePort, getJson, startEvmDevnet, tempDir } from './helpers.ts'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
let devnet: Devnet
let rpc: string
let dir: ReturnType<typeof tempDir>

beforeAll(async () => {
  devnet = await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }] })
  rpc = devnet.chains[0]?.rpcUrl ?? ''
  dir = tempDir('portico-api-shared-db-')
})

afterAll(async () => {
  await devnet?.stop()
  dir?.remove()
})

const apiOn = async (file: string) =>
  startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: rpc }],
    database: { kind: 'sqlite', file },
    indexer: { pollMs: 50 },
    logLevel: 'silent',
  })

describe('a SQLite database belongs to one stack', () => {
  it('defaults to one file per API port', () => {
    const file = (port: number) => {
      const db = resolveConfig({ port }).database
      return db.kind === 'sqlite' ? db.file : ''
    }
    expect(file(4180)).toMatch(/api-4180\.sqlite$/)
    expect(file(4181)).not.toBe(file(4180))
  })

  it('refuses a second API on the same file with a clear error; the first keeps serving', async () => {
    const file = join(dir.dir, 'one.sqlite')
    const first = await apiOn(file)
    let second: ApiServer | undefined
    try {
      await expect(
        apiOn(file).then((api) => {
          second = api
        }),
      ).rejects.toThrow(/is in use by another running Portico API/)
      expect((await getJson(`${first.url}/health`)).status).toBe(200)
    } finally {
      await second?.close()
      await first.close()
    }
    // Released on close: the file can be opened again.
    await (await apiOn(file)).close()
  })

  it('refuses it from another process too (npm start beside a running stack)', async () => {
    const file = join(dir.dir, 'two.sqlite')
    const first = await apiOn(file)
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
        cwd: PACKAGE_DIR,
        env: {
          ...process.env,
          PORTICO_API_PORT: String(await freePort()),
          PORTICO_CHAINS: `31337=${rpc}`,
          PORTICO_API_SQLITE_FILE: file,
          PORTICO_TOKENS: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout?.on('data', (c: Buffer) => {
        output += c.toString()
      })
      child.stderr?.on('data', (c: Buffer) => {
        output += c.toString()
      })
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      expect(code).not.toBe(0)
      expect(output).toMatch(/is in use by another running Portico API/)
      expect(output).not.toMatch(/portico api on/)
    } finally {
      await first.close()
    }
  })
})

describe('an indexer meeting another chain’s index in its database', () => {
  it('says so once and pauses, instead of resetting the other indexer’s history in a loop', async () => {
    const file = join(dir.dir, 'indexer.sqlite')
    const repo = await createSqliteRepository(file)
    let cursorReads = 0
    let rewinds = 0
    const counted: Repository = {
      ...repo,
      getCursor: (chainId) => {
        cursorReads++
        return repo.getCursor(chainId)
      },
      rewind: (chainId, to) => {
        rewinds++
        return repo.rewind(chainId, to)
      },
    }
    const lines: { level: string; msg: string }[] = []
    const log = {
      info: (_: object, msg: string) => lines.push({ level: 'info', msg }),
      warn: (_: object, msg: string) => lines.push({ level: 'warn', msg }),
      error: (_: object, msg: string) => lines.push({ level: 'error', msg }),
      debug: () => {},
    }
    const chains = [...createChainHandles([{ chainId: 31337, rpcUrl: rpc }], 5000).values()]
    const indexer = startIndexer({
      repo: counted,
      chains,
      pollMs: 10,
      batchSize: 50,
      startBlock: 0,
      log,
      maxBackoffMs: 20,
    })
    try {
      const until = async (what: string, ok: () => boolean | Promise<boolean>) => {
        for (let i = 0; i < 500 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 10))
        if (!(await ok())) throw new Error(`timed out waiting for ${what}`)
      }
      await until('the first pass', async () => (await repo.getCursor(31337)) !== null)

      // The other stack's indexer (another chain 31337, another genesis) writes into the same file.
      const foreign = `0x${'f'.repeat(64)}`
      await repo.rewind(31337, null)
      await repo.recordBlocks(31337, foreign, [
        { number: 0, hash: foreign, parentHash: `0x${'0'.repeat(64)}`, timestamp: 0, transfers: [] },
      ])
      await until('the conflict to be reported', () =>
        (indexer.status()[0]?.lastError ?? '').includes('another indexer writes to this database'),
      )
      const reads = cursorReads
      await until('more indexer rounds', () => cursorReads >= reads + 5)

      expect(rewinds).toBe(0)
      expect((await repo.getCursor(31337))?.genesisHash).toBe(foreign)
      expect(lines.filter((l) => l.msg.includes('chain was reset'))).toEqual([])
      expect(lines.filter((l) => l.level === 'error')).toHaveLength(1)
      expect(lines.find((l) => l.level === 'error')?.msg).toMatch(/Give each stack its own database/)
    } finally {
      await indexer.stop()
      await repo.close()
    }
  })

  it('still re-indexes from scratch, once, when its own chain was reset (a stored index of an old chain)', async () => {
    const file = join(dir.dir, 'reset.sqlite')
    const repo = await createSqliteRepository(file)
    const old = `0x${'e'.repeat(64)}`
    await repo.recordBlocks(31337, old, [
      { number: 0, hash: old, parentHash: `0x${'0'.repeat(64)}`, timestamp: 0, transfers: [] },
    ])
    await repo.close()
    const api = await apiOn(file)
    try {
      for (let i = 0; i < 500; i++) {
        if ((await api.repository.getCursor(31337))?.genesisHash !== old) break
        await new Promise((r) => setTimeout(r, 10))
      }
      const cursor = await api.repository.getCursor(31337)
      expect(cursor?.genesisHash).not.toBe(old)
    } finally {
      await api.close()
    }
  })
})
