import { describe, expect, it } from 'vitest'
import {
  ADDRESS,
  lastRequest,
  SDK_QUERY,
  setupApi,
  startScriptedServer,
  TOKEN,
  USER,
} from '../../test/api/blockchainApiTestSetup.ts'
import { networkOfCaipAddress } from './blockchainApi.ts'
import { ResponseShapeError } from './http.ts'

const BALANCE = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 2000,
  price: 2000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: 'https://icons/eth.png',
}

const ctx = startScriptedServer()
const setup = (options?: Parameters<typeof setupApi>[1]) => setupApi(ctx.server, options)
const last = () => lastRequest(ctx.server)

describe('createBlockchainApi', () => {
  it('getSupportedChains sends st, sv, projectId and clientId', async () => {
    ctx.server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    await expect(setup().api.getSupportedChains()).resolves.toEqual({ http: ['eip155:1'], ws: [] })
    expect(last().query).toEqual(SDK_QUERY)
  })

  describe('fetchBalances', () => {
    it('asks for usd balances on the network and caches them for 30 s', async () => {
      ctx.server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [BALANCE] } })
      const { api, advance } = setup()
      await expect(api.fetchBalances(ADDRESS, 'eip155:1')).resolves.toEqual([BALANCE])
      expect(last().query).toEqual({ ...SDK_QUERY, currency: 'usd', chainId: 'eip155:1' })
      advance(29_000)
      await expect(api.fetchBalances(ADDRESS, 'eip155:1')).resolves.toEqual([BALANCE])
      expect(ctx.server.requests).toHaveLength(1)
      advance(1_000)
      await api.fetchBalances(ADDRESS, 'eip155:1')
      expect(ctx.server.requests).toHaveLength(2)
    })

    it('bypasses the cache with forceUpdate (the API reads forceUpdate as token addresses)', async () => {
      ctx.server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [BALANCE] } })
      const { api } = setup()
      await api.fetchBalances(ADDRESS, 'eip155:1')
      await api.fetchBalances(ADDRESS, 'eip155:1', { forceUpdate: true })
      expect(ctx.server.requests).toHaveLength(2)
      expect(last().query.forceUpdate).toBeUndefined()
    })

    it('cachedBalances gives the last answer with its age, without calling, until 30 s', async () => {
      ctx.server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [BALANCE] } })
      const { api, advance } = setup()
      expect(api.cachedBalances(ADDRESS, 'eip155:1')).toBeUndefined()
      await api.fetchBalances(ADDRESS, 'eip155:1')
      advance(6_000)
      expect(api.cachedBalances(ADDRESS, 'eip155:1')).toEqual({ balances: [BALANCE], ageMs: 6_000 })
      advance(24_000)
      expect(api.cachedBalances(ADDRESS, 'eip155:1')).toBeUndefined()
      expect(ctx.server.requests).toHaveLength(1)
    })

    it('returns an empty list for an unsupported network without calling', async () => {
      await expect(setup().api.fetchBalances(ADDRESS, 'eip155:31337')).resolves.toEqual([])
      expect(ctx.server.requests).toHaveLength(0)
    })

    it('rejects a malformed answer and caches nothing', async () => {
      ctx.server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: { name: 'x' } } })
      const { api } = setup()
      await expect(api.fetchBalances(ADDRESS, 'eip155:1')).rejects.toBeInstanceOf(ResponseShapeError)
      expect(api.caches.balance.get(`eip155:1:${ADDRESS}`)).toBeUndefined()
    })
  })

  describe('fetchIdentity', () => {
    it('sends the sender and caches the identity for 5 minutes', async () => {
      ctx.server.on(`GET /v1/identity/${ADDRESS}`, { body: { name: 'vitalik.eth', avatar: null } })
      const { api, advance } = setup()
      await expect(api.fetchIdentity(ADDRESS, { sender: '0xabc' })).resolves.toEqual({
        name: 'vitalik.eth',
        avatar: null,
      })
      expect(last().query).toEqual({ ...SDK_QUERY, sender: '0xabc' })
      advance(299_000)
      await api.fetchIdentity(ADDRESS)
      expect(ctx.server.requests).toHaveLength(1)
      advance(1_000)
      await api.fetchIdentity(ADDRESS)
      expect(ctx.server.requests).toHaveLength(2)
    })

    it('is empty on an unsupported active network', async () => {
      await expect(setup({ active: 'eip155:31337' }).api.fetchIdentity(ADDRESS)).resolves.toEqual({
        name: null,
        avatar: null,
      })
      expect(ctx.server.requests).toHaveLength(0)
    })
  })

  describe('fetchHistory', () => {
    it('passes cursor, onramp and chainId', async () => {
      ctx.server.on(`GET /v1/account/${ADDRESS}/history`, { body: { data: [], next: 'c2' } })
      await expect(
        setup().api.fetchHistory({ account: ADDRESS, cursor: 'c1', chainId: 'eip155:1', onramp: 'coinbase' }),
      ).resolves.toEqual({ data: [], next: 'c2' })
      expect(last().query).toEqual({ ...SDK_QUERY, cursor: 'c1', chainId: 'eip155:1', onramp: 'coinbase' })
    })

    it('is empty for an unsupported chain without calling', async () => {
      await expect(setup().api.fetchHistory({ account: ADDRESS, chainId: 'eip155:31337' })).resolves.toEqual({
        data: [],
        next: null,
      })
      expect(ctx.server.requests).toHaveLength(0)
    })
  })

  describe('fetchPrices', () => {
    it('posts usd, the supported addresses and the projectId', async () => {
      const fungible = { name: 'T', symbol: 'T', iconUrl: '', price: 1.5, address: TOKEN }
      ctx.server.on('POST /v1/fungible/price', { body: { fungibles: [fungible] } })
      await expect(setup().api.fetchPrices([TOKEN, 'eip155:31337:0x3'])).resolves.toEqual({
        fungibles: [fungible],
      })
      expect(last().json).toEqual({ currency: 'usd', addresses: [TOKEN], projectId: 'p1' })
    })

    it('is empty when no address is on a supported network', async () => {
      await expect(setup().api.fetchPrices(['eip155:31337:0x3', 'not-caip'])).resolves.toEqual({
        fungibles: [],
      })
      expect(ctx.server.requests).toHaveLength(0)
    })
  })

  describe('fetchGasPrice', () => {
    it('asks for the chain and returns the three speeds', async () => {
      const speeds = { standard: '1', fast: '2', instant: '3' }
      ctx.server.on('GET /v1/convert/gas-price', { body: speeds })
      await expect(setup().api.fetchGasPrice('eip155:1')).resolves.toEqual(speeds)
      expect(last().query.chainId).toBe('eip155:1')
    })

    it("throws 'Network not supported for Gas Price'", async () => {
      await expect(setup().api.fetchGasPrice('eip155:31337')).rejects.toThrow(
        'Network not supported for Gas Price',
      )
      expect(ctx.server.requests).toHaveLength(0)
    })
  })
})

describe('networkOfCaipAddress', () => {
  it('takes the first two parts of a CAIP address', () => {
    expect(networkOfCaipAddress(USER)).toBe('eip155:1')
    expect(networkOfCaipAddress(ADDRESS)).toBeUndefined()
    expect(networkOfCaipAddress('eip155::0x1')).toBeUndefined()
  })
})
