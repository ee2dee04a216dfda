import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/api/testServer.ts'
import { ResponseShapeError } from './http.ts'
import { createNftSource, safeNftImage } from './nfts.ts'
import { MAX_NFTS_PER_PAGE } from './schemasNfts.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const PNG = 'data:image/png;base64,iVBORw0KGgo='
const item = (over: Record<string, unknown> = {}) => ({
  id: 'eip155:1:0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:1',
  chainId: 'eip155:1',
  contract: '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  tokenId: '1',
  standard: 'ERC721',
  amount: '1',
  name: 'Blue',
  collection: { name: 'C', symbol: 'C' },
  image: PNG,
  isSpam: false,
  ...over,
})

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const source = (dropped: string[] = []) =>
  createNftSource({ apiUrl: server.url, projectId: 'p1', onDropped: (reason) => dropped.push(reason) })

describe('safeNftImage (hostile metadata images)', () => {
  const API = 'http://127.0.0.1:4000/'
  it('keeps data:image URIs and URLs of the API origin', () => {
    expect(safeNftImage(PNG, API)).toBe(PNG)
    expect(safeNftImage('http://127.0.0.1:4000/i/a.png', API)).toBe('http://127.0.0.1:4000/i/a.png')
  })
  it('drops every other scheme, origin and data: type', () => {
    for (const raw of [
      'javascript:alert(1)',
      'https://tracker.example/p.png',
      'http://127.0.0.1:4001/a.png',
      'http://u:p@127.0.0.1:4000/a.png',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,AA"><script>',
      'blob:http://127.0.0.1:4000/x',
      'not a url',
      '',
      null,
    ])
      expect(safeNftImage(raw, API)).toBeUndefined()
  })
})

describe('createNftSource', () => {
  it('asks the API for one network, keeps good items and drops malformed ones and unsafe images', async () => {
    server.on(`GET /v1/account/${ADDRESS}/nfts`, {
      body: {
        data: [
          item(),
          item({ id: 'x2', image: 'https://evil.example/p.png' }),
          item({ id: 'x3', tokenId: '-1' }),
          item({ id: 'x4', contract: 'nope' }),
          item({ id: 'x5', name: 'x'.repeat(201) }),
          'junk',
          null,
        ],
        next: 'abc',
      },
    })
    const dropped: string[] = []
    const page = await source(dropped).fetchPage(ADDRESS, 'eip155:1', 'cur')
    expect(page.items.map((i) => [i.id, i.image])).toEqual([
      [item().id, PNG],
      ['x2', null],
    ])
    expect(page.next).toBe('abc')
    expect(dropped).toHaveLength(5)
    const query = server.requests.at(-1)?.query
    expect(query?.get('chainId')).toBe('eip155:1')
    expect(query?.get('cursor')).toBe('cur')
    expect(query?.get('projectId')).toBe('p1')
  })

  it('refuses a page with more items than any page has, and a non-page answer', async () => {
    server.on(`GET /v1/account/${ADDRESS}/nfts`, {
      body: { data: Array.from({ length: MAX_NFTS_PER_PAGE + 1 }, () => item()), next: null },
    })
    await expect(source().fetchPage(ADDRESS, 'eip155:1')).rejects.toBeInstanceOf(ResponseShapeError)
    server.on(`GET /v1/account/${ADDRESS}/nfts`, { body: { items: [] } })
    await expect(source().fetchPage(ADDRESS, 'eip155:1')).rejects.toBeInstanceOf(ResponseShapeError)
  })
})
