import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_DIR } from '../src/config.ts'
import { openRepository } from '../src/db/open.ts'
import { type ApiServer, startApi } from '../src/index.ts'
import type { GetWalletsResponse } from '../src/routes/directory.ts'
import { getJson, PROJECT, tempDir } from './helpers.ts'

const run = promisify(execFile)
const LISTING = join(PACKAGE_DIR, 'test', 'fixtures', 'directory-listing.json')
const sdk = `projectId=${PROJECT}&st=appkit&sv=1.7.0`
let dir: ReturnType<typeof tempDir>
let api: ApiServer | undefined

const start = async (file: string) => {
  process.env.PORTICO_WALLET_DIRECTORY = 'database'
  try {
    return await startApi({
      port: 0,
      chains: [],
      database: { kind: 'sqlite', file },
      logLevel: 'warn',
      indexer: { enabled: false },
    })
  } finally {
    delete process.env.PORTICO_WALLET_DIRECTORY
  }
}

/** The import command as an operator runs it, on the API's SQLite file. */
const importCommand = (file: string, database: string, ...flags: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/directory/import-cli.ts', file, ...flags], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, PORTICO_API_SQLITE_FILE: database, DATABASE_URL: '' },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  )

beforeAll(() => {
  dir = tempDir('portico-directory-import-')
})
afterAll(async () => {
  await api?.close()
  dir?.remove()
})

describe('an imported wallet directory', () => {
  it('is stored by the import command and served by GET /getWallets instead of the dev wallets', async () => {
    const database = join(dir.dir, 'api.sqlite')
    const out = await importCommand(LISTING, database)
    expect(out.stderr).toBe('')
    expect(out.stdout).toContain('imported 3 wallets, 2 images, 0 entries refused or cleaned')
    api = await start(database)
    const list = await getJson<GetWalletsResponse>(`${api.url}/getWallets?${sdk}`)
    expect(list.body.count).toBe(3)
    expect(list.body.data.map((w) => w.name)).toEqual(['Example Wallet', 'Second Wallet', 'Third Wallet'])
    const certified = await getJson<GetWalletsResponse>(`${api.url}/getWallets?${sdk}&badge_type=certified`)
    expect(certified.body.data.map((w) => w.name)).toEqual(['Example Wallet'])
    const solana = await getJson<GetWalletsResponse>(
      `${api.url}/getWallets?${sdk}&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
    )
    expect(solana.body.data.map((w) => w.name)).toEqual(['Example Wallet'])

    const png = await fetch(`${api.url}/getWalletImage/${list.body.data[1]?.image_id}?${sdk}`)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(png.headers.get('content-security-policy')).toContain("default-src 'none'")
    const svg = await fetch(`${api.url}/getWalletImage/${list.body.data[0]?.image_id}?${sdk}`)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    // Network images still come from the data directory.
    expect((await fetch(`${api.url}/public/getAssetImage/eip155-1?${sdk}`)).status).toBe(200)
  })

  it('a dry run stores nothing; a refused file keeps the previous import and exits 1 saying why', async () => {
    const database = join(dir.dir, 'api2.sqlite')
    const dry = await importCommand(LISTING, database, '--dry-run')
    expect(dry.stdout).toContain('checked (dry run, nothing stored): 3 wallets')
    const repo = await openRepository({ kind: 'sqlite', file: database })
    try {
      expect(await repo.directoryWallets()).toEqual([])
    } finally {
      await repo.close()
    }
    await importCommand(LISTING, database)
    const deep = join(dir.dir, 'deep.json')
    writeFileSync(deep, `${'['.repeat(50)}${']'.repeat(50)}`)
    const refused = await importCommand(deep, database)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`${deep} refused: file nests deeper than 8 levels`)
    const after = await openRepository({ kind: 'sqlite', file: database })
    try {
      expect(await after.directoryWallets()).toHaveLength(3)
    } finally {
      await after.close()
    }
  })

  it('the API refuses to start on PORTICO_WALLET_DIRECTORY=database with nothing imported', async () => {
    await expect(start(join(dir.dir, 'empty.sqlite'))).rejects.toThrow(
      /PORTICO_WALLET_DIRECTORY=database but no wallets are imported/,
    )
  })
})
