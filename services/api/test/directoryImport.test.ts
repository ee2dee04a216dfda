import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_DIR } from '../src/config.ts'
import { openRepository } from '../src/db/open.ts'
import { importDirectory } from '../src/directory/importCommand.ts'
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
  run(process.execPath, ['--import', 'tsx', 'src/directory/importCli.ts', file, ...flags], {
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

  it('fetches icons the listing gives by URL (image_url md, image) and serves them from its own origin', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4z8DwHwAFAAIBoebhswAAAABJRU5ErkJggg==',
      'base64',
    )
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle r="4" cx="4" cy="4"/></svg>'
    const cdn = createServer((req, res) => {
      if (req.url === '/md.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg)
      else if (req.url === '/icon.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve))
    const at = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`
    const listing = join(dir.dir, 'listing-urls.json')
    writeFileSync(
      listing,
      JSON.stringify({
        listings: {
          a: {
            name: 'Sized Wallet',
            chains: ['eip155:1'],
            image_url: { sm: `${at}/sm`, md: `${at}/md.svg` },
          },
          b: { name: 'Plain Wallet', chains: ['eip155:1'], image: `${at}/icon.png` },
          c: { name: 'Lost Wallet', chains: ['eip155:1'], image_url: { md: `${at}/gone.png` } },
        },
      }),
    )
    const database = join(dir.dir, 'api-urls.sqlite')
    const repo = await openRepository({ kind: 'sqlite', file: database })
    let report: string[]
    try {
      const { result, stored } = await importDirectory(repo, listing, { images: { allowLoopback: true } })
      expect(stored).toBe(true)
      report = result.report
    } finally {
      await repo.close()
      cdn.closeAllConnections()
      cdn.close()
    }
    expect(report).toEqual([`entry 3 (c): image dropped: md ${at}/gone.png: HTTP 404`])
    const served = await start(database)
    try {
      const list = await getJson<GetWalletsResponse>(`${served.url}/getWallets?${sdk}`)
      const [sized, plain, lost] = list.body.data
      expect(lost).toMatchObject({ name: 'Lost Wallet', image_id: '' })
      const icon = async (id = '') => {
        const answer = await fetch(`${served.url}/getWalletImage/${id}?${sdk}`)
        return { type: answer.headers.get('content-type'), body: Buffer.from(await answer.arrayBuffer()) }
      }
      expect(await icon(sized?.image_id)).toEqual({
        type: 'image/svg+xml; charset=utf-8',
        body: Buffer.from(svg),
      })
      expect(await icon(plain?.image_id)).toEqual({ type: 'image/png', body: png })
      // Served under a content-addressed id of the API's, never the listing's URL.
      expect(JSON.stringify(list.body)).not.toContain(at)
    } finally {
      await served.close()
    }
  })

  it('the API refuses to start on PORTICO_WALLET_DIRECTORY=database with nothing imported', async () => {
    await expect(start(join(dir.dir, 'empty.sqlite'))).rejects.toThrow(
      /PORTICO_WALLET_DIRECTORY=database but no wallets are imported/,
    )
  })
})
