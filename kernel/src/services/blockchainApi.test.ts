import type { CaipNetworkId } from '@portico/shared-types'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBlockchainApi, networkOfCaipAddress } from './blockchainApi.ts'
import { ResponseShapeError } from './http.ts'
import { startTestServer, type TestServer } from './testServer.ts'
import type { StorageLike } from './ttlCache.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const TOKEN = 'eip155:1:0x2222222222222222222222222222222222222222'
const USER = `eip155:1:${ADDRESS}`
const BALANCE = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 2000,
  price: 2000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: 'https://icons/eth.png',
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})

function memoryStorage(): StorageLike {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

function setup({ active = 'eip155:1' as CaipNetworkId | undefined } = {}) {
  let time = 1_000_000
  const api = createBlockchainApi({
    baseUrl: server.url,
    projectId: 'p1',
    clientId: 'c1',
    sdkType: 'portico',
    sdkVersion: '1.7.0',
    isSupportedNetwork: (id) => id === 'eip155:1' || id === 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    activeNetwork: () => active,
    storage: memoryStorage(),
    now: () => time,
    baseDelayMs: 5,
  })
  return { api, advance: (ms: number) => (time += ms) }
}

const last = () => {
  const request = server.requests.at(-1)
  if (!request) throw new Error('no request reached the server')
  return {
    ...request,
    query: Object.fromEntries(request.query),
    json: request.body ? JSON.parse(request.body) : undefined,
  }
}

const SESSION = {
  pci: 'p',
  address: ADDRESS,
  projectId: 'p1',
  permission: {
    permissionType: 'native-token-recurring-allowance',
    data: '0x',
    required: true,
    onChainValidated: false,
  },
  createdAt: 1_700_000_000,
  expiry: null,
  revokedAt: null,
}

const SDK_QUERY = { projectId: 'p1', st: 'portico', sv: '1.7.0', clientId: 'c1' }

describe('createBlockchainApi', () => {
  it('getSupportedChains sends st, sv, projectId and clientId', async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    await expect(setup().api.getSupportedChains()).resolves.toEqual({ http: ['eip155:1'], ws: [] })
    expect(last().query).toEqual(SDK_QUERY)
  })

  describe('fetchBalances', () => {
    it('asks for usd balances on the network and caches them for 30 s', async () => {
      server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [BALANCE] } })
      const { api, advance } = setup()
      await expect(api.fetchBalances(ADDRESS, 'eip155:1')).resolves.toEqual([BALANCE])
      expect(last().query).toEqual({ ...SDK_QUERY, currency: 'usd', chainId: 'eip155:1' })
      advance(29_000)
      await expect(api.fetchBalances(ADDRESS, 'eip155:1')).resolves.toEqual([BALANCE])
      expect(server.requests).toHaveLength(1)
      advance(1_000)
      await api.fetchBalances(ADDRESS, 'eip155:1')
      expect(server.requests).toHaveLength(2)
    })

    it('bypasses the cache with forceUpdate (the API reads forceUpdate as token addresses)', async () => {
      server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [BALANCE] } })
      const { api } = setup()
      await api.fetchBalances(ADDRESS, 'eip155:1')
      await api.fetchBalances(ADDRESS, 'eip155:1', { forceUpdate: true })
      expect(server.requests).toHaveLength(2)
      expect(last().query.forceUpdate).toBeUndefined()
    })

    it('returns an empty list for an unsupported network without calling', async () => {
      await expect(setup().api.fetchBalances(ADDRESS, 'eip155:31337')).resolves.toEqual([])
      expect(server.requests).toHaveLength(0)
    })

    it('rejects a malformed answer and caches nothing', async () => {
      server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: { name: 'x' } } })
      const { api } = setup()
      await expect(api.fetchBalances(ADDRESS, 'eip155:1')).rejects.toBeInstanceOf(ResponseShapeError)
      expect(api.caches.balance.get(`eip155:1:${ADDRESS}`)).toBeUndefined()
    })
  })

  describe('fetchIdentity', () => {
    it('sends the sender and caches the identity for 5 minutes', async () => {
      server.on(`GET /v1/identity/${ADDRESS}`, { body: { name: 'vitalik.eth', avatar: null } })
      const { api, advance } = setup()
      await expect(api.fetchIdentity(ADDRESS, { sender: '0xabc' })).resolves.toEqual({
        name: 'vitalik.eth',
        avatar: null,
      })
      expect(last().query).toEqual({ ...SDK_QUERY, sender: '0xabc' })
      advance(299_000)
      await api.fetchIdentity(ADDRESS)
      expect(server.requests).toHaveLength(1)
      advance(1_000)
      await api.fetchIdentity(ADDRESS)
      expect(server.requests).toHaveLength(2)
    })

    it('is empty on an unsupported active network', async () => {
      await expect(setup({ active: 'eip155:31337' }).api.fetchIdentity(ADDRESS)).resolves.toEqual({
        name: null,
        avatar: null,
      })
      expect(server.requests).toHaveLength(0)
    })
  })

  describe('fetchHistory', () => {
    it('passes cursor, onramp and chainId', async () => {
      server.on(`GET /v1/account/${ADDRESS}/history`, { body: { data: [], next: 'c2' } })
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
      expect(server.requests).toHaveLength(0)
    })
  })

  describe('fetchPrices', () => {
    it('posts usd, the supported addresses and the projectId', async () => {
      const fungible = { name: 'T', symbol: 'T', iconUrl: '', price: 1.5, address: TOKEN }
      server.on('POST /v1/fungible/price', { body: { fungibles: [fungible] } })
      await expect(setup().api.fetchPrices([TOKEN, 'eip155:31337:0x3'])).resolves.toEqual({
        fungibles: [fungible],
      })
      expect(last().json).toEqual({ currency: 'usd', addresses: [TOKEN], projectId: 'p1' })
    })

    it('is empty when no address is on a supported network', async () => {
      await expect(setup().api.fetchPrices(['eip155:31337:0x3', 'not-caip'])).resolves.toEqual({
        fungibles: [],
      })
      expect(server.requests).toHaveLength(0)
    })
  })

  describe('fetchGasPrice', () => {
    it('asks for the chain and returns the three speeds', async () => {
      const speeds = { standard: '1', fast: '2', instant: '3' }
      server.on('GET /v1/convert/gas-price', { body: speeds })
      await expect(setup().api.fetchGasPrice('eip155:1')).resolves.toEqual(speeds)
      expect(last().query.chainId).toBe('eip155:1')
    })

    it("throws 'Network not supported for Gas Price'", async () => {
      await expect(setup().api.fetchGasPrice('eip155:31337')).rejects.toThrow(
        'Network not supported for Gas Price',
      )
      expect(server.requests).toHaveLength(0)
    })
  })

  describe('convert', () => {
    it('lists tokens, quotes, allowance and approve calldata with the SPEC queries', async () => {
      const { api } = setup()
      server.on('GET /v1/convert/tokens', { body: { tokens: [] } })
      await api.convertTokens('eip155:1')
      expect(last().query).toEqual({ ...SDK_QUERY, chainId: 'eip155:1' })

      server.on('GET /v1/convert/quotes', { body: { quotes: [{ toAmount: '42' }] } })
      const quote = { amount: '10', userAddress: USER, from: TOKEN, to: TOKEN, gasPrice: '7' }
      await expect(api.convertQuotes(quote)).resolves.toEqual({ quotes: [{ toAmount: '42' }] })
      expect(last().query).toEqual({ ...SDK_QUERY, ...quote })

      server.on('GET /v1/convert/allowance', { body: { allowance: '100' } })
      await api.convertAllowance({
        tokenAddress: TOKEN,
        userAddress: USER,
        sourceTokenAmount: '5',
        sourceTokenDecimals: 6,
      })
      expect(last().query).toEqual({
        ...SDK_QUERY,
        tokenAddress: TOKEN,
        userAddress: USER,
        sourceTokenAmount: '5',
        sourceTokenDecimals: '6',
      })

      const approve = { from: USER, to: TOKEN, data: '0xabcd', value: '0', eip155: { gasPrice: '9' } }
      server.on('GET /v1/convert/build-approve', { body: { tx: approve } })
      await expect(api.convertBuildApprove({ userAddress: USER, from: TOKEN, to: TOKEN })).resolves.toEqual({
        tx: approve,
      })
      expect(last().query).toEqual({ ...SDK_QUERY, userAddress: USER, from: TOKEN, to: TOKEN })
    })

    it('posts build-transaction with eip155 slippage and the projectId', async () => {
      const tx = { from: USER, to: TOKEN, data: '0x01', value: '0', eip155: { gas: '21000', gasPrice: '9' } }
      server.on('POST /v1/convert/build-transaction', { body: { tx } })
      await expect(
        setup().api.convertBuildTransaction({
          amount: '10',
          slippage: 1,
          from: TOKEN,
          to: TOKEN,
          userAddress: USER,
        }),
      ).resolves.toEqual({ tx })
      expect(last().json).toEqual({
        amount: '10',
        eip155: { slippage: 1 },
        projectId: 'p1',
        from: TOKEN,
        to: TOKEN,
        userAddress: USER,
      })
    })

    it("throws 'Network not supported for Swaps' without calling", async () => {
      const { api } = setup()
      const other = `eip155:31337:${ADDRESS}`
      const calls = [
        api.convertTokens('eip155:31337'),
        api.convertQuotes({ amount: '1', userAddress: other, from: TOKEN, to: TOKEN, gasPrice: '1' }),
        api.convertAllowance({ tokenAddress: TOKEN, userAddress: other }),
        api.convertBuildTransaction({ amount: '1', slippage: 1, from: TOKEN, to: TOKEN, userAddress: other }),
        api.convertBuildApprove({ userAddress: ADDRESS, from: TOKEN, to: TOKEN }),
      ]
      for (const call of calls) await expect(call).rejects.toThrow('Network not supported for Swaps')
      expect(server.requests).toHaveLength(0)
    })
  })

  describe('profile', () => {
    const profile = { name: 'alice.reown.id', addresses: { '60': { address: ADDRESS } }, attributes: [] }

    it('looks up a name with apiVersion=2', async () => {
      server.on('GET /v1/profile/account/alice.reown.id', { body: profile })
      await expect(setup().api.profileLookup('alice.reown.id')).resolves.toMatchObject(profile)
      expect(last().query.apiVersion).toBe('2')
    })

    it('reverse-resolves with sender and apiVersion=2, cached 5 minutes', async () => {
      server.on(`GET /v1/profile/reverse/${ADDRESS}`, { body: [profile] })
      const { api, advance } = setup()
      await expect(api.profileReverse(ADDRESS, { sender: ADDRESS })).resolves.toMatchObject([profile])
      expect(last().query).toEqual({ ...SDK_QUERY, sender: ADDRESS, apiVersion: '2' })
      advance(299_999)
      await api.profileReverse(ADDRESS)
      expect(server.requests).toHaveLength(1)
    })

    it('asks for suggestions in the fixed zone', async () => {
      server.on('GET /v1/profile/suggestions/ali', {
        body: { suggestions: [{ name: 'ali.reown.id', registered: false }] },
      })
      await expect(setup().api.profileSuggestions('ali')).resolves.toEqual({
        suggestions: [{ name: 'ali.reown.id', registered: false }],
      })
      expect(last().query.zone).toBe('reown.id')
    })

    it('registers with coin_type, address, message and signature', async () => {
      server.on('POST /v1/profile/account', { body: { success: true } })
      await setup().api.profileRegister({ coinType: 60, address: ADDRESS, message: '{}', signature: '0xsig' })
      expect(last().json).toEqual({ coin_type: 60, address: ADDRESS, message: '{}', signature: '0xsig' })
    })

    it('encodes path segments', async () => {
      server.on('GET /v1/profile/account/a%2Fb', { body: profile })
      await setup().api.profileLookup('a/b')
      expect(last().path).toBe('/v1/profile/account/a%2Fb')
    })

    it('is empty on an unsupported active network', async () => {
      const { api } = setup({ active: 'eip155:31337' })
      await expect(api.profileLookup('alice')).resolves.toBeUndefined()
      await expect(api.profileReverse(ADDRESS)).resolves.toEqual([])
      await expect(api.profileSuggestions('ali')).resolves.toEqual({ suggestions: [] })
      expect(server.requests).toHaveLength(0)
    })
  })

  describe('onramp', () => {
    it('posts the url request with defaultExperience buy and projectId', async () => {
      server.on('POST /v1/generators/onrampurl', { body: { url: 'https://pay.example/buy?x=1' } })
      const params = {
        destinationWallets: [{ address: ADDRESS, blockchains: ['ethereum'] }],
        defaultNetwork: 'ethereum',
        partnerUserId: 'u1',
        presetFiatAmount: 50,
      }
      await expect(setup().api.onrampUrl(params)).resolves.toEqual({ url: 'https://pay.example/buy?x=1' })
      expect(last().query.projectId).toBe('p1')
      expect(last().json).toEqual({ ...params, defaultExperience: 'buy' })
    })

    it('gets options and posts a quote', async () => {
      const { api } = setup()
      server.on('GET /v1/onramp/options', { body: { purchaseCurrencies: [], paymentCurrencies: [] } })
      await expect(api.onrampOptions()).resolves.toEqual({ purchaseCurrencies: [], paymentCurrencies: [] })
      const money = { amount: '1', currency: 'USD' }
      const quote = {
        coinbaseFee: money,
        networkFee: money,
        paymentSubtotal: money,
        paymentTotal: money,
        purchaseAmount: money,
        quoteId: 'q1',
      }
      server.on('POST /v1/onramp/quote', { body: quote })
      const request = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' }
      await expect(api.onrampQuote(request)).resolves.toEqual(quote)
      expect(last().json).toEqual(request)
    })
  })

  describe('sessions', () => {
    it('gets and revokes sessions', async () => {
      const { api } = setup()
      server.on(`GET /v1/sessions/${ADDRESS}`, { body: { pcis: [SESSION] } })
      await expect(api.getSessions(ADDRESS)).resolves.toEqual({ pcis: [SESSION] })
      server.on(`POST /v1/sessions/${ADDRESS}/revoke`, { body: { pci: 'p', revokedAt: 5 } })
      await api.revokeSession(ADDRESS, { pci: 'p', signature: '0xsig' })
      expect(last().query.projectId).toBe('p1')
      expect(last().json).toEqual({ pci: 'p', signature: '0xsig' })
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

describe('hostile or broken answers are errors, never passed on', () => {
  const SWAP_TX = { from: USER, to: TOKEN, data: '0x01', value: '0', eip155: { gas: '21000', gasPrice: '9' } }
  const build = () =>
    setup().api.convertBuildTransaction({
      amount: '1',
      slippage: 1,
      from: TOKEN,
      to: TOKEN,
      userAddress: USER,
    })

  it.each([
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['plain http to a remote host', 'http://pay.example/buy'],
  ])('refuses an on-ramp URL that is %s', async (_, url) => {
    server.on('POST /v1/generators/onrampurl', { body: { url } })
    await expect(
      setup().api.onrampUrl({ destinationWallets: [], partnerUserId: 'u' }),
    ).rejects.toBeInstanceOf(ResponseShapeError)
  })

  it('accepts an http on-ramp URL on a loopback host (the local stack)', async () => {
    server.on('POST /v1/generators/onrampurl', { body: { url: 'http://127.0.0.1:6180/buy' } })
    await expect(setup().api.onrampUrl({ destinationWallets: [], partnerUserId: 'u' })).resolves.toEqual({
      url: 'http://127.0.0.1:6180/buy',
    })
  })

  it.each([
    ['a to that is no address', { ...SWAP_TX, to: 'javascript:1' }],
    ['a from that is no address', { ...SWAP_TX, from: 'eip155:1:0x12' }],
    ['calldata that is not hex', { ...SWAP_TX, data: 'transfer()' }],
    ['a value that is no integer', { ...SWAP_TX, value: '1.5' }],
  ])('refuses a swap transaction with %s', async (_, tx) => {
    server.on('POST /v1/convert/build-transaction', { body: { tx } })
    await expect(build()).rejects.toThrow(/answered an unexpected shape/)
  })

  it('refuses an approve transaction whose to is no address', async () => {
    const tx = { from: USER, to: 'x', data: '0x', value: '0', eip155: { gasPrice: '1' } }
    server.on('GET /v1/convert/build-approve', { body: { tx } })
    await expect(
      setup().api.convertBuildApprove({ userAddress: USER, from: TOKEN, to: TOKEN }),
    ).rejects.toBeInstanceOf(ResponseShapeError)
  })

  it('refuses swap tokens with more than 255 decimals', async () => {
    const token = { name: 'T', symbol: 'T', address: TOKEN, decimals: 1_000_000 }
    server.on('GET /v1/convert/tokens', { body: { tokens: [token] } })
    await expect(setup().api.convertTokens('eip155:1')).rejects.toThrow('at most 255')
    server.on('GET /v1/convert/tokens', { body: { tokens: [{ ...token, decimals: 18 }] } })
    await expect(setup().api.convertTokens('eip155:1')).resolves.toMatchObject({ tokens: [{ decimals: 18 }] })
  })

  it.each([
    ['without a permission', { ...SESSION, permission: undefined }],
    ['with a negative expiry', { ...SESSION, expiry: -1 }],
    ['with an empty pci', { ...SESSION, pci: '' }],
  ])('refuses a session %s', async (_, session) => {
    server.on(`GET /v1/sessions/${ADDRESS}`, { body: { pcis: [session] } })
    await expect(setup().api.getSessions(ADDRESS)).rejects.toBeInstanceOf(ResponseShapeError)
  })

  it('refuses malformed JSON from a profile lookup', async () => {
    server.on('GET /v1/profile/account/alice', { body: '{"name": ' })
    await expect(setup().api.profileLookup('alice')).rejects.toThrow('malformed JSON')
  })
})

describe('retry rules hold for the convert, profile, onramp and sessions calls', () => {
  it('retries a 503 after Retry-After and a 429, then answers', async () => {
    server.on(
      'GET /v1/convert/allowance',
      { status: 503, headers: { 'retry-after': '0' }, body: {} },
      { status: 429, body: {} },
      { body: { allowance: '7' } },
    )
    await expect(setup().api.convertAllowance({ tokenAddress: TOKEN, userAddress: USER })).resolves.toEqual({
      allowance: '7',
    })
    expect(server.requests).toHaveLength(3)
  })

  it('gives up after 3 retries with the status', async () => {
    server.on('GET /v1/onramp/options', { status: 502, body: { message: 'bad gateway' } })
    await expect(setup().api.onrampOptions()).rejects.toThrow('failed with status 502: bad gateway')
    expect(server.requests).toHaveLength(4)
  })

  it('does not repeat a POST whose connection dropped (it may have been processed)', async () => {
    server.on(`POST /v1/sessions/${ADDRESS}/revoke`, { destroy: true })
    await expect(setup().api.revokeSession(ADDRESS, { pci: 'p', signature: '0x1' })).rejects.toThrow()
    expect(server.requests).toHaveLength(1)
  })

  it('does not retry a 400', async () => {
    server.on('POST /v1/profile/account', { status: 400, body: { message: 'bad' } })
    await expect(
      setup().api.profileRegister({ coinType: 60, address: ADDRESS, message: '{}', signature: '0x1' }),
    ).rejects.toThrow('status 400')
    expect(server.requests).toHaveLength(1)
  })
})
