import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ApiErrorBody } from '@portico/shared-types/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CatalogueWallet, DEFAULT_DATA_DIR } from '../src/directory/catalogue.ts'
import { type ApiServer, startApi } from '../src/index.ts'
import type { GetWalletsResponse } from '../src/routes/directory.ts'
import { DEV_WALLET_ENTRY, generateCatalogue } from './fixtures/dev-directory/generate.ts'
import { getJson, PROJECT, tempDir } from './helpers.ts'

let api: ApiServer
let dir: ReturnType<typeof tempDir>
const sdk = `projectId=${PROJECT}&st=appkit&sv=1.7.0`
const catalogue = JSON.parse(
  readFileSync(join(DEFAULT_DATA_DIR, 'wallets.json'), 'utf8'),
) as CatalogueWallet[]

beforeAll(async () => {
  dir = tempDir('portico-api-directory-')
  // The directory needs no chain: none configured, no indexer.
  api = await startApi({
    port: 0,
    chains: [],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    logLevel: 'warn',
    indexer: { enabled: false },
  })
})

afterAll(async () => {
  await api?.close()
  dir?.remove()
})

const wallets = (query: string) => getJson<GetWalletsResponse>(`${api.url}/getWallets?${sdk}&${query}`)
const error = (query: string) => getJson<ApiErrorBody>(`${api.url}/getWallets?${sdk}&${query}`)

describe('the generated catalogue', () => {
  it('is the generator output for the fixed seed (data, regenerated with scripts/generate-wallets.ts)', () => {
    const generated = generateCatalogue()
    expect(catalogue).toEqual(generated.wallets)
    for (const [relative, content] of generated.files)
      expect(readFileSync(join(DEFAULT_DATA_DIR, relative), 'utf8'), relative).toBe(content)
  })

  it('holds at least 300 distinct wallets with names, icons, links and chains, the dev wallet among them', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(300)
    expect(new Set(catalogue.map((w) => w.id)).size).toBe(catalogue.length)
    expect(new Set(catalogue.map((w) => w.name)).size).toBe(catalogue.length)
    expect(new Set(catalogue.map((w) => w.image_id)).size).toBe(catalogue.length)
    for (const w of catalogue) {
      expect(w.id).toMatch(/^[0-9a-f]{64}$/)
      expect(w.chains.length).toBeGreaterThan(0)
      expect(w.chains.every((chain) => /^(eip155|solana|bip122):[-_a-zA-Z0-9]{1,32}$/.test(chain))).toBe(true)
    }
    expect(catalogue.filter((w) => w.rdns).length).toBeGreaterThan(100)
    expect(catalogue.filter((w) => w.mobile_link).length).toBeGreaterThan(100)
    expect(catalogue.filter((w) => w.desktop_link).length).toBeGreaterThan(20)
    expect(catalogue.filter((w) => w.webapp_link).length).toBeGreaterThan(20)
    const dev = catalogue.filter((w) => w.rdns === DEV_WALLET_ENTRY.rdns)
    expect(dev).toHaveLength(1)
    expect(dev[0]).toMatchObject({
      name: 'Portico Dev Wallet',
      chains: expect.arrayContaining(['eip155:31337']),
    })
  })
})

describe('GET /getWallets', () => {
  it('pages through the whole list in directory order with the total count', async () => {
    const first = await wallets('page=1&entries=40')
    expect(first.status).toBe(200)
    expect(first.body.count).toBe(catalogue.length)
    expect(first.body.data).toHaveLength(40)
    expect(first.body.data[0]).toEqual({
      id: catalogue[0]?.id,
      name: 'Portico Dev Wallet',
      homepage: expect.any(String),
      image_id: catalogue[0]?.image_id,
      order: 1,
      rdns: 'dev.portico.wallet',
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      chains: expect.arrayContaining(['eip155:31337', 'eip155:31338']),
      badge_type: 'certified',
    })
    const pages = Math.ceil(catalogue.length / 40)
    const seen: string[] = []
    for (let page = 1; page <= pages; page++) {
      const { body } = await wallets(`page=${page}&entries=40`)
      expect(body.count).toBe(catalogue.length)
      seen.push(...body.data.map((w) => w.id))
    }
    expect(seen).toEqual(catalogue.map((w) => w.id))
    const past = await wallets(`page=${pages + 1}&entries=40`)
    expect(past.body).toEqual({ data: [], count: catalogue.length })
  })

  it('defaults to page 1 of 40', async () => {
    const { body } = await wallets('')
    expect(body.data.map((w) => w.id)).toEqual(catalogue.slice(0, 40).map((w) => w.id))
  })

  it('include lists only those wallets; exclude leaves them out', async () => {
    const ids = [catalogue[200], catalogue[3], catalogue[57]].map((w) => w?.id ?? '')
    const included = await wallets(`page=1&entries=${ids.length}&include=${ids.join(',')}`)
    expect(included.body.count).toBe(3)
    // Directory order, whatever the order asked.
    expect(included.body.data.map((w) => w.id)).toEqual([ids[1], ids[2], ids[0]])

    const excluded = await wallets(`entries=40&exclude=${ids.join(',')},${catalogue[0]?.id}`)
    expect(excluded.body.count).toBe(catalogue.length - 4)
    expect(excluded.body.data.map((w) => w.id)).not.toContain(catalogue[0]?.id)
    expect(excluded.body.data[0]?.id).toBe(catalogue[1]?.id)

    const both = await wallets(`include=${ids.join(',')}&exclude=${ids[0]}`)
    expect(both.body.data.map((w) => w.id)).toEqual([ids[1], ids[2]])
  })

  it('chains keeps wallets supporting any of the listed networks', async () => {
    const local = await wallets('entries=500&chains=eip155:31337')
    const expected = catalogue.filter((w) => w.chains.includes('eip155:31337'))
    expect(local.body.count).toBe(expected.length)
    expect(local.body.count).toBeGreaterThan(200)
    expect(local.body.count).toBeLessThan(catalogue.length)
    expect(local.body.data.map((w) => w.id)).toEqual(expected.map((w) => w.id))

    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const either = await wallets(`entries=500&chains=eip155:31337,${solana}`)
    expect(either.body.count).toBe(
      catalogue.filter((w) => w.chains.includes('eip155:31337') || w.chains.includes(solana)).length,
    )
    const solanaOnly = catalogue.find((w) => w.chains.every((c) => c.startsWith('solana:')))
    expect(solanaOnly).toBeDefined()
    expect(local.body.data.map((w) => w.id)).not.toContain(solanaOnly?.id)
    expect(either.body.data.map((w) => w.id)).toContain(solanaOnly?.id)
  })

  it('search is trimmed and case-insensitive on the name, names starting with it first', async () => {
    const dev = await wallets(`search=${encodeURIComponent('  pORTICO dev ')}&entries=100`)
    expect(dev.body.count).toBe(1)
    expect(dev.body.data[0]?.rdns).toBe('dev.portico.wallet')

    const word = (catalogue[10]?.name.split(' ')[0] ?? '').toLowerCase()
    const { body } = await wallets(`search=${word}&entries=100`)
    const expected = catalogue.filter((w) => w.name.toLowerCase().includes(word))
    expect(body.count).toBe(expected.length)
    expect(body.data.every((w) => w.name.toLowerCase().includes(word))).toBe(true)
    const starts = body.data.findIndex((w) => !w.name.toLowerCase().startsWith(word))
    if (starts >= 0)
      expect(body.data.slice(starts).every((w) => !w.name.toLowerCase().startsWith(word))).toBe(true)

    const none = await wallets('search=zzzz-no-such-wallet')
    expect(none.body).toEqual({ data: [], count: 0 })
    // Blank search: the whole list.
    expect((await wallets('search=%20%20')).body.count).toBe(catalogue.length)
  })

  it('badge_type=certified keeps certified wallets only; none filters nothing', async () => {
    const certified = await wallets('entries=500&badge_type=certified')
    expect(certified.body.count).toBe(catalogue.filter((w) => w.badge_type === 'certified').length)
    expect(certified.body.data.every((w) => w.badge_type === 'certified')).toBe(true)
    expect((await wallets('badge_type=none')).body.count).toBe(catalogue.length)
  })

  it('answers 400 with a clear message for bad parameters', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page must be at least 1'],
      ['page=abc', 'page must be a whole number'],
      ['entries=501', 'entries must be at most 500'],
      ['entries=-3', 'entries must be a whole number'],
      ['page=1&page=2', 'must be a single value'],
      ['chains=ethereum', 'Invalid chains item "ethereum"'],
      ['include=%3Cscript%3E', 'Invalid include item "<script>"'],
      ['exclude=a%20b', 'Invalid exclude item "a b"'],
      ['badge_type=gold', 'badge_type must be none or certified'],
      [`search=${'x'.repeat(201)}`, 'must be at most 200 characters'],
    ]
    for (const [query, message] of cases) {
      const { status, body } = await error(query)
      expect(status, query).toBe(400)
      expect(body.message, query).toContain(message)
    }
  })

  it('needs a known projectId', async () => {
    const missing = await getJson<ApiErrorBody>(`${api.url}/getWallets?page=1`)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('Missing projectId')
    const unknown = await getJson<ApiErrorBody>(`${api.url}/getWallets?projectId=nobody`)
    expect(unknown.status).toBe(403)
  })
})

describe('image routes', () => {
  it('serve wallet icons as cacheable SVG with an ETag, 304 when unchanged', async () => {
    const imageId = catalogue[0]?.image_id ?? ''
    const url = `${api.url}/getWalletImage/${imageId}?${sdk}`
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toContain('max-age=')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    const svg = await res.text()
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).toBe(readFileSync(join(DEFAULT_DATA_DIR, 'wallet-icons', `${imageId}.svg`), 'utf8'))
    const again = await fetch(url, { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
  })

  it('serve network, currency and token images; symbols in any case', async () => {
    for (const path of [
      '/public/getAssetImage/eip155-1',
      '/public/getAssetImage/eip155-31337',
      '/public/getCurrencyImage/USD',
      '/public/getCurrencyImage/eur',
      '/public/getTokenImage/ETH',
      '/public/getTokenImage/usdc',
    ]) {
      const res = await fetch(`${api.url}${path}?${sdk}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toContain('image/svg+xml')
      expect(await res.text(), path).toContain('<svg')
    }
  })

  it('404 for unknown ids, 400 for malformed ones, 400 without projectId', async () => {
    for (const path of [
      '/getWalletImage/00000000-0000-4000-a000-000000000000',
      '/public/getAssetImage/eip155-424242',
      '/public/getCurrencyImage/XXX',
      '/public/getTokenImage/NOPE',
    ]) {
      const { status, body } = await getJson<ApiErrorBody>(`${api.url}${path}?${sdk}`)
      expect(status, path).toBe(404)
      expect(body.message, path).toMatch(/^No (wallet|asset|currency|token) image/)
    }
    const bad = await getJson<ApiErrorBody>(`${api.url}/getWalletImage/a%20b?${sdk}`)
    expect(bad.status).toBe(400)
    const noProject = await fetch(`${api.url}/getWalletImage/${catalogue[0]?.image_id}`)
    expect(noProject.status).toBe(400)
  })
})

describe('analytics', () => {
  it('GET /getAnalyticsConfig says analytics is on', async () => {
    const { status, body } = await getJson(`${api.url}/getAnalyticsConfig?${sdk}`)
    expect(status).toBe(200)
    expect(body).toEqual({ isAnalyticsEnabled: true })
  })

  it('POST /e stores the event with the SDK properties, once per eventId', async () => {
    const event = {
      eventId: 'c7d0ff0e-0d0c-4b5e-9a69-0b6f1f3f0a01',
      url: 'http://localhost:4173/',
      domain: 'localhost',
      timestamp: 1_750_000_000_000,
      props: { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'Dev' } },
    }
    const post = (init: { origin?: string; body?: unknown; query?: string }) =>
      getJson<{ stored?: boolean } & Partial<ApiErrorBody>>(
        `${api.url}/e?${init.query ?? `projectId=${PROJECT}&st=portico&sv=1.7.0&clientId=c1`}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(init.origin ? { origin: init.origin } : {}) },
          body: JSON.stringify(init.body ?? event),
        },
      )
    const first = await post({ origin: 'http://localhost:4173' })
    expect(first.status).toBe(202)
    expect(first.body.stored).toBe(true)
    expect((await post({})).body.stored).toBe(false)

    const { openAnalyticsStore } = await import('../src/directory/analyticsStore.ts')
    const store = await openAnalyticsStore(api.config.database)
    try {
      const [stored] = await store.list({ projectId: PROJECT })
      expect(stored).toMatchObject({
        projectId: PROJECT,
        eventId: event.eventId,
        sdkType: 'portico',
        sdkVersion: '1.7.0',
        clientId: 'c1',
        url: event.url,
        domain: 'localhost',
        timestamp: event.timestamp,
        props: event.props,
        origin: 'http://localhost:4173',
      })
    } finally {
      await store.close()
    }

    // st defaults to portico: an event without it came from this product's own kernel or a script.
    const second = await post({ query: `projectId=${PROJECT}`, body: { ...event, eventId: 'e2' } })
    expect(second.status).toBe(202)

    const foreign = await post({ origin: 'https://evil.example', body: { ...event, eventId: 'e3' } })
    expect(foreign.status).toBe(403)
    expect(foreign.body.message).toBe('Invalid App Configuration')

    const bad = await post({ body: { ...event, eventId: 'e4', timestamp: 'yesterday' } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('timestamp must be milliseconds since 1970')
    const noProps = await post({ body: { eventId: 'e5', url: '', domain: '', timestamp: 1 } })
    expect(noProps.status).toBe(400)
    const big = await post({ body: { ...event, eventId: 'e6', props: { blob: 'x'.repeat(20_000) } } })
    expect(big.status).toBe(400)
    expect(big.body.message).toContain('props must be at most')

    const store2 = await openAnalyticsStore(api.config.database)
    try {
      const all = await store2.list({ projectId: PROJECT })
      expect(all.map((e) => e.eventId).sort()).toEqual(['c7d0ff0e-0d0c-4b5e-9a69-0b6f1f3f0a01', 'e2'])
      expect(all.find((e) => e.eventId === 'e2')?.sdkType).toBe('portico')
    } finally {
      await store2.close()
    }
  })

  it('PORTICO_ANALYTICS=off turns the analytics config off', async () => {
    const off = tempDir('portico-api-analytics-off-')
    process.env.PORTICO_ANALYTICS = 'off'
    let server: ApiServer | undefined
    try {
      server = await startApi({
        port: 0,
        chains: [],
        database: { kind: 'sqlite', file: join(off.dir, 'api.sqlite') },
        logLevel: 'warn',
        indexer: { enabled: false },
      })
      const { body } = await getJson(`${server.url}/getAnalyticsConfig?${sdk}`)
      expect(body).toEqual({ isAnalyticsEnabled: false })
    } finally {
      delete process.env.PORTICO_ANALYTICS
      await server?.close()
      off.remove()
    }
  })
})

const pgUrl = process.env.PORTICO_TEST_DATABASE_URL
describe.skipIf(!pgUrl)('analytics store on PostgreSQL', () => {
  it('creates its table, stores once per eventId and lists newest first', async () => {
    const { openAnalyticsStore } = await import('../src/directory/analyticsStore.ts')
    const pg = (await import('pg')).default
    const schema = `portico_analytics_${Math.random().toString(16).slice(2, 10)}`
    const store = await openAnalyticsStore({ kind: 'postgres', url: pgUrl ?? '', schema })
    try {
      const base = {
        projectId: 'p',
        sdkType: 'portico',
        sdkVersion: null,
        clientId: null,
        url: 'http://localhost/',
        domain: 'localhost',
        timestamp: 1,
        props: { event: 'X' },
        origin: null,
      }
      expect(await store.record({ ...base, eventId: 'a', receivedAt: 1 })).toBe(true)
      expect(await store.record({ ...base, eventId: 'a', receivedAt: 2 })).toBe(false)
      expect(await store.record({ ...base, eventId: 'b', receivedAt: 3 })).toBe(true)
      expect((await store.list({ projectId: 'p' })).map((e) => [e.eventId, e.receivedAt])).toEqual([
        ['b', 3],
        ['a', 1],
      ])
    } finally {
      await store.close()
      const client = new pg.Client({ connectionString: pgUrl })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => client.end())
    }
  })
})
