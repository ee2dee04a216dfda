// @vitest-environment node
import fc from 'fast-check'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/api/testServer.ts'
import { createBlockchainApi } from './blockchainApi.ts'
import { createServiceCaches } from './cache.ts'
import { AmountSchema, DecimalsSchema, QuantitySchema } from './quantity.ts'
import { BalancesSchema, balancesSchema, HistorySchema } from './schemas.ts'

/**
 * Issue 8 item 14: `quantity.decimals` from the API. "1e9" threw in render, "2e8" froze the send form
 * for 36 s per keystroke, "NaN" and "1.5" gave wrong amounts. Decimals are an integer 0–255; an item
 * that is not is dropped, never shown with a wrong amount.
 */
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const HOSTILE_DECIMALS: unknown[] = [
  '1e9',
  '2e8',
  'NaN',
  '1.5',
  1.5,
  -1,
  '-1',
  256,
  '256',
  '1000',
  1e9,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '0x12',
  ' 18',
  '18 ',
  '018',
  '',
  null,
  true,
  [18],
  { valueOf: () => 18 },
]
const balance = (decimals: unknown, numeric: unknown = '1.5', symbol = 'TKN') => ({
  name: `Token ${symbol}`,
  symbol,
  chainId: '1',
  address: 'eip155:1:0x1111111111111111111111111111111111111111',
  price: 2,
  value: 3,
  quantity: { decimals, numeric },
})
function mapStorage() {
  const data = new Map<string, string>()
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}
const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success

describe('token decimals and amounts (hostile API answers)', () => {
  it('decimals: an integer 0–255 as a number or plain string, nothing else', () => {
    for (const good of [0, '0', 6, '18', 255, '255'])
      expect(v.parse(DecimalsSchema, good)).toBe(String(Number(good)))
    for (const bad of HOSTILE_DECIMALS) expect(ok(DecimalsSchema, bad), String(bad)).toBe(false)
  })

  it('property: whatever the API sends, accepted decimals are the integer text of 0–255', () => {
    const candidate = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.double(),
      fc.string({ maxLength: 6 }),
      fc.integer({ min: 0, max: 400 }).map((n) => `${n}`),
      fc.constantFrom(...HOSTILE_DECIMALS),
    )
    fc.assert(
      fc.property(candidate, (value) => {
        const result = v.safeParse(DecimalsSchema, value)
        if (!result.success) return true
        const n = Number(result.output)
        return /^(0|[1-9]\d{0,2})$/.test(result.output) && n <= 255 && n === Number(value)
      }),
      { numRuns: 500 },
    )
  })

  it('amounts: a plain non-negative decimal, with no more fraction digits than the decimals', () => {
    for (const good of ['0', '1.5', '123456789012345678901234567890', 2.25])
      expect(ok(AmountSchema, good)).toBe(true)
    for (const bad of ['1e9', 'NaN', '-1', '1.', '.5', '0x10', ' 1', 1e21, -1, Number.NaN, ''])
      expect(ok(AmountSchema, bad), String(bad)).toBe(false)
    expect(ok(QuantitySchema, { decimals: '6', numeric: '1.123456' })).toBe(true)
    expect(ok(QuantitySchema, { decimals: '6', numeric: '1.1234567' })).toBe(false)
    expect(ok(QuantitySchema, { decimals: 0, numeric: '1.5' })).toBe(false)
  })

  it('a balances answer keeps its valid items and drops each malformed one with its error message', () => {
    const dropped: string[] = []
    const answer = {
      balances: [
        balance('18', '1.5', 'GOOD'),
        ...HOSTILE_DECIMALS.map((decimals, i) => balance(decimals, '1', `BAD${i}`)),
        balance('6', '1e9', 'BADAMOUNT'),
        balance(6, '2', 'ALSOGOOD'),
      ],
    }
    const { balances } = v.parse(
      balancesSchema((message) => dropped.push(message)),
      answer,
    )
    expect(balances.map((item) => [item.symbol, item.quantity.decimals, item.quantity.numeric])).toEqual([
      ['GOOD', '18', '1.5'],
      ['ALSOGOOD', '6', '2'],
    ])
    expect(dropped).toHaveLength(HOSTILE_DECIMALS.length + 1)
    expect(dropped[0]).toBe('Expected token decimals: an integer from 0 to 255')
    expect(dropped.at(-1)).toBe('Expected a token amount: a plain non-negative decimal')
    expect(v.parse(BalancesSchema, answer).balances).toHaveLength(2)
  })

  it('one airdropped token with hostile decimals drops its transaction, not the history page', () => {
    const tx = (id: string, decimals: unknown) => ({
      id,
      metadata: {
        operationType: 'receive',
        hash: `0x${id}`,
        minedAt: '2026-01-01T00:00:00Z',
        sentFrom: '0x1',
        sentTo: '0x2',
        status: 'confirmed',
        nonce: 1,
        chain: 'eip155:1',
      },
      transfers: [{ direction: 'in', quantity: { decimals, numeric: '5' } }],
    })
    const page = v.parse(HistorySchema, { data: [tx('a', '18'), tx('b', '1e9'), tx('c', 'NaN')], next: null })
    expect(page.data.map((item) => item.id)).toEqual(['a'])
  })

  describe('fetchBalances over HTTP', () => {
    let server: TestServer | undefined
    afterEach(() => server?.close())

    it('returns only well-formed balances and never caches a hostile one', async () => {
      server = await startTestServer()
      const warned: unknown[][] = []
      server.on(`GET /v1/account/${ADDRESS}/balance`, {
        body: {
          balances: [balance('1e9', '1', 'HUGE'), balance('2e8', '1', 'SLOW'), balance('18', '0.5', 'ETH')],
        },
      })
      const api = createBlockchainApi({
        baseUrl: server.url,
        projectId: 'p',
        sdkType: 'portico',
        sdkVersion: '1.7.0',
        isSupportedNetwork: () => true,
        storage: mapStorage(),
        log: { warn: (...args: unknown[]) => void warned.push(args) },
      })
      const balances = await api.fetchBalances(ADDRESS, 'eip155:1')
      expect(balances.map((item) => item.symbol)).toEqual(['ETH'])
      expect(warned).toEqual([
        ['Portico: token balance dropped:', 'Expected token decimals: an integer from 0 to 255'],
        ['Portico: token balance dropped:', 'Expected token decimals: an integer from 0 to 255'],
      ])
      expect(api.caches.balance.get(`eip155:1:${ADDRESS}`)?.map((item) => item.symbol)).toEqual(['ETH'])
    })

    it('a stored cache entry with hostile decimals is not served', () => {
      const backend = mapStorage()
      const writer = createServiceCaches(backend)
      writer.balance.set(`eip155:1:${ADDRESS}`, [balance('1e9', '1') as never])
      expect(createServiceCaches(backend).balance.get(`eip155:1:${ADDRESS}`)).toBeUndefined()
    })
  })
})
