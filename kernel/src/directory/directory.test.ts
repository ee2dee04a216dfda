import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/api/testServer.ts'
import { ResponseShapeError } from '../api/http.ts'
import { createDirectoryClient } from './directory.ts'

let server: TestServer
afterEach(() => server?.close())

const clientFor = (url: string) =>
  createDirectoryClient({
    baseUrl: `${url}/`,
    projectId: 'p1',
    sdkType: 'portico',
    sdkVersion: '1.7.0',
    baseDelayMs: 1,
  })

describe('wallet directory client (behaviour §7)', () => {
  it('GET /getWallets sends the SDK properties and list parameters, and adds image URLs', async () => {
    server = await startTestServer()
    server.on('GET /getWallets', {
      body: {
        data: [
          { id: 'a', name: 'Alpha', image_id: 'img-a', rdns: 'com.alpha', extra: 'ignored' },
          { id: 'b', name: 'Beta', image_url: 'https://cdn.example/b.svg', mobile_link: null },
        ],
        count: 2,
      },
    })
    const client = clientFor(server.url)
    const page = await client.getWallets({
      page: 2,
      entries: 40,
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'eip155:31337'],
      search: '  alp  ',
      badge_type: 'certified',
    })
    const query = server.requests[0]?.query
    expect(Object.fromEntries(query ?? [])).toEqual({
      projectId: 'p1',
      st: 'portico',
      sv: '1.7.0',
      page: '2',
      entries: '40',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,eip155:31337',
      search: 'alp',
      badge_type: 'certified',
    })
    expect(page.count).toBe(2)
    expect(page.data[0]).toEqual({
      id: 'a',
      name: 'Alpha',
      image_id: 'img-a',
      rdns: 'com.alpha',
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      image_url: `${server.url}/getWalletImage/img-a?projectId=p1&st=portico&sv=1.7.0`,
    })
    // An image_url on a host the app did not configure is never requested (directoryImages.ts).
    expect(page.data[1]?.image_url).toBeUndefined()
  })

  it('leaves out empty lists and a blank search', async () => {
    server = await startTestServer()
    server.on('GET /getWallets', { body: { data: [], count: 0 } })
    await clientFor(server.url).getWallets({ page: 1, entries: 4, include: [], exclude: [], search: '   ' })
    expect([...(server.requests[0]?.query.keys() ?? [])].sort()).toEqual(
      ['entries', 'page', 'projectId', 'sv', 'st'].sort(),
    )
  })

  it('rejects a malformed answer with a clear error', async () => {
    server = await startTestServer()
    server.on('GET /getWallets', { body: { data: [{ id: 'a' }], count: 1 } })
    const failure = clientFor(server.url).getWallets({ page: 1, entries: 40 })
    await expect(failure).rejects.toBeInstanceOf(ResponseShapeError)
    await expect(failure).rejects.toThrow('GET /getWallets answered an unexpected shape: data.0.name')
  })

  it('reads the analytics config', async () => {
    server = await startTestServer()
    server.on('GET /getAnalyticsConfig', { body: { isAnalyticsEnabled: false } })
    await expect(clientFor(server.url).getAnalyticsConfig()).resolves.toEqual({ isAnalyticsEnabled: false })
  })

  it('POST /e sends the event once, even when the server fails', async () => {
    server = await startTestServer()
    server.on('POST /e', { status: 503, body: { message: 'down' } })
    const event = {
      eventId: 'e1',
      url: 'http://localhost/',
      domain: 'localhost',
      timestamp: 1,
      props: { a: 1 },
    }
    await expect(clientFor(server.url).sendEvent(event)).rejects.toThrow('status 503')
    expect(server.requests).toHaveLength(1)
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual(event)
    expect(server.requests[0]?.query.get('projectId')).toBe('p1')
  })

  it('builds the image URLs of behaviour §7', () => {
    const client = clientFor('http://127.0.0.1:1')
    expect(client.assetImageUrl('eip155-1')).toBe(
      'http://127.0.0.1:1/public/getAssetImage/eip155-1?projectId=p1&st=portico&sv=1.7.0',
    )
    expect(client.currencyImageUrl('USD')).toContain('/public/getCurrencyImage/USD?')
    expect(client.tokenImageUrl('ETH')).toContain('/public/getTokenImage/ETH?')
    expect(client.walletImageUrl('a b')).toContain('/getWalletImage/a%20b?')
  })
})
