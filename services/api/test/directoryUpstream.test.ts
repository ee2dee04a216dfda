import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_DIR } from '../src/config.ts'
import { type ApiServer, startApi } from '../src/index.ts'
import type { GetWalletsResponse } from '../src/routes/directory.ts'
import { getJson, PROJECT, tempDir } from './helpers.ts'

const LISTING = readFileSync(join(PACKAGE_DIR, 'test', 'fixtures', 'directory-listing.json'), 'utf8')
const sdk = `projectId=${PROJECT}&st=appkit&sv=1.7.0`
let answer: { status: number; body: string } = { status: 200, body: LISTING }
let server: Server
let upstream: string
let dir: ReturnType<typeof tempDir>
let api: ApiServer | undefined

const start = async (url: string) => {
  Object.assign(process.env, {
    PORTICO_WALLET_DIRECTORY: 'upstream',
    PORTICO_WALLET_DIRECTORY_URL: url,
    PORTICO_WALLET_DIRECTORY_REFRESH_S: '1',
  })
  try {
    return await startApi({
      port: 0,
      chains: [],
      database: { kind: 'sqlite', file: join(dir.dir, `api-${Math.random()}.sqlite`) },
      logLevel: 'silent',
      indexer: { enabled: false },
    })
  } finally {
    for (const name of [
      'PORTICO_WALLET_DIRECTORY',
      'PORTICO_WALLET_DIRECTORY_URL',
      'PORTICO_WALLET_DIRECTORY_REFRESH_S',
    ])
      delete process.env[name]
  }
}
const names = async () =>
  (await getJson<GetWalletsResponse>(`${api?.url}/getWallets?${sdk}`)).body.data.map((w) => w.name)

beforeAll(async () => {
  dir = tempDir('portico-directory-upstream-')
  server = createServer((_req, res) => res.writeHead(answer.status).end(answer.body))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wallets.json`
})
afterAll(async () => {
  await api?.close()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  dir?.remove()
})

describe('an upstream wallet directory (PORTICO_WALLET_DIRECTORY=upstream)', () => {
  it('is served from the last good reading, refreshed on its interval', async () => {
    api = await start(upstream)
    expect(await names()).toEqual(['Example Wallet', 'Second Wallet', 'Third Wallet'])
    answer = { status: 200, body: JSON.stringify([{ id: 'new', name: 'New Wallet', chains: ['eip155:1'] }]) }
    await expect.poll(names, { timeout: 10_000, interval: 250 }).toEqual(['New Wallet'])
    // A failing upstream changes nothing: the last good list stays.
    answer = { status: 503, body: 'down' }
    await new Promise((r) => setTimeout(r, 2_500))
    expect(await names()).toEqual(['New Wallet'])
  })

  it('the API refuses to start when the upstream cannot be read, naming it', async () => {
    answer = { status: 500, body: 'broken' }
    await expect(start(upstream)).rejects.toThrow(
      `PORTICO_WALLET_DIRECTORY_URL ${upstream}: upstream answered HTTP 500`,
    )
  })
})
