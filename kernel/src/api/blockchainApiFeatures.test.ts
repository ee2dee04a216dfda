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
import { ResponseShapeError } from './http.ts'

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

const ctx = startScriptedServer()
const setup = (options?: Parameters<typeof setupApi>[1]) => setupApi(ctx.server, options)
const last = () => lastRequest(ctx.server)

describe('feature calls (convert, profile, onramp, sessions)', () => {
  describe('convert', () => {
    it('lists tokens, quotes, allowance and approve calldata with the behaviour reference queries', async () => {
      const { api } = setup()
      ctx.server.on('GET /v1/convert/tokens', { body: { tokens: [] } })
      await api.convertTokens('eip155:1')
      expect(last().query).toEqual({ ...SDK_QUERY, chainId: 'eip155:1' })

      ctx.server.on('GET /v1/convert/quotes', { body: { quotes: [{ toAmount: '42' }] } })
      const quote = { amount: '10', userAddress: USER, from: TOKEN, to: TOKEN, gasPrice: '7' }
      await expect(api.convertQuotes(quote)).resolves.toEqual({ quotes: [{ toAmount: '42' }] })
      expect(last().query).toEqual({ ...SDK_QUERY, ...quote })

      ctx.server.on('GET /v1/convert/allowance', { body: { allowance: '100' } })
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
      ctx.server.on('GET /v1/convert/build-approve', { body: { tx: approve } })
      await expect(api.convertBuildApprove({ userAddress: USER, from: TOKEN, to: TOKEN })).resolves.toEqual({
        tx: approve,
      })
      expect(last().query).toEqual({ ...SDK_QUERY, userAddress: USER, from: TOKEN, to: TOKEN })
    })

    it('posts build-transaction with eip155 slippage and the projectId', async () => {
      const tx = { from: USER, to: TOKEN, data: '0x01', value: '0', eip155: { gas: '21000', gasPrice: '9' } }
      ctx.server.on('POST /v1/convert/build-transaction', { body: { tx } })
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
      expect(ctx.server.requests).toHaveLength(0)
    })
  })

  describe('profile', () => {
    const profile = { name: 'alice.reown.id', addresses: { '60': { address: ADDRESS } }, attributes: [] }

    it('looks up a name with apiVersion=2', async () => {
      ctx.server.on('GET /v1/profile/account/alice.reown.id', { body: profile })
      await expect(setup().api.profileLookup('alice.reown.id')).resolves.toMatchObject(profile)
      expect(last().query.apiVersion).toBe('2')
    })

    it('reverse-resolves with sender and apiVersion=2, cached 5 minutes', async () => {
      ctx.server.on(`GET /v1/profile/reverse/${ADDRESS}`, { body: [profile] })
      const { api, advance } = setup()
      await expect(api.profileReverse(ADDRESS, { sender: ADDRESS })).resolves.toMatchObject([profile])
      expect(last().query).toEqual({ ...SDK_QUERY, sender: ADDRESS, apiVersion: '2' })
      advance(299_999)
      await api.profileReverse(ADDRESS)
      expect(ctx.server.requests).toHaveLength(1)
    })

    it('asks for suggestions in the fixed zone', async () => {
      ctx.server.on('GET /v1/profile/suggestions/ali', {
        body: { suggestions: [{ name: 'ali.reown.id', registered: false }] },
      })
      await expect(setup().api.profileSuggestions('ali')).resolves.toEqual({
        suggestions: [{ name: 'ali.reown.id', registered: false }],
      })
      expect(last().query.zone).toBe('reown.id')
    })

    it('registers with coin_type, address, message and signature', async () => {
      ctx.server.on('POST /v1/profile/account', { body: { success: true } })
      await setup().api.profileRegister({ coinType: 60, address: ADDRESS, message: '{}', signature: '0xsig' })
      expect(last().json).toEqual({ coin_type: 60, address: ADDRESS, message: '{}', signature: '0xsig' })
    })

    it('drops the cached identity and names of the address once it registered', async () => {
      ctx.server.on(`GET /v1/identity/${ADDRESS}`, { body: { name: null, avatar: null } })
      ctx.server.on(`GET /v1/profile/reverse/${ADDRESS}`, { body: [] })
      ctx.server.on('POST /v1/profile/account', { body: { success: true } })
      const { api } = setup()
      await api.fetchIdentity(ADDRESS)
      await api.profileReverse(ADDRESS)
      await api.profileRegister({ coinType: 60, address: ADDRESS, message: '{}', signature: '0xsig' })
      ctx.server.on(`GET /v1/identity/${ADDRESS}`, { body: { name: 'alice.reown.id', avatar: null } })
      ctx.server.on(`GET /v1/profile/reverse/${ADDRESS}`, { body: [profile] })
      await expect(api.fetchIdentity(ADDRESS)).resolves.toEqual({ name: 'alice.reown.id', avatar: null })
      await expect(api.profileReverse(ADDRESS)).resolves.toMatchObject([profile])
      expect(ctx.server.requests).toHaveLength(5)
    })

    it('encodes path segments', async () => {
      ctx.server.on('GET /v1/profile/account/a%2Fb', { body: profile })
      await setup().api.profileLookup('a/b')
      expect(last().path).toBe('/v1/profile/account/a%2Fb')
    })

    it('is empty on an unsupported active network', async () => {
      const { api } = setup({ active: 'eip155:31337' })
      await expect(api.profileLookup('alice')).resolves.toBeUndefined()
      await expect(api.profileReverse(ADDRESS)).resolves.toEqual([])
      await expect(api.profileSuggestions('ali')).resolves.toEqual({ suggestions: [] })
      expect(ctx.server.requests).toHaveLength(0)
    })
  })

  describe('onramp', () => {
    it('posts the url request with defaultExperience buy and projectId', async () => {
      ctx.server.on('POST /v1/generators/onrampurl', { body: { url: 'https://pay.example/buy?x=1' } })
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
      ctx.server.on('GET /v1/onramp/options', { body: { purchaseCurrencies: [], paymentCurrencies: [] } })
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
      ctx.server.on('POST /v1/onramp/quote', { body: quote })
      const request = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' }
      await expect(api.onrampQuote(request)).resolves.toEqual(quote)
      expect(last().json).toEqual(request)
    })
  })

  describe('sessions', () => {
    it('gets and revokes sessions', async () => {
      const { api } = setup()
      ctx.server.on(`GET /v1/sessions/${ADDRESS}`, { body: { pcis: [SESSION] } })
      await expect(api.getSessions(ADDRESS)).resolves.toEqual({ pcis: [SESSION] })
      ctx.server.on(`POST /v1/sessions/${ADDRESS}/revoke`, { body: { pci: 'p', revokedAt: 5 } })
      await api.revokeSession(ADDRESS, { pci: 'p', signature: '0xsig' })
      expect(last().query.projectId).toBe('p1')
      expect(last().json).toEqual({ pci: 'p', signature: '0xsig' })
    })
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
    ctx.server.on('POST /v1/generators/onrampurl', { body: { url } })
    await expect(
      setup().api.onrampUrl({ destinationWallets: [], partnerUserId: 'u' }),
    ).rejects.toBeInstanceOf(ResponseShapeError)
  })

  it('accepts an http on-ramp URL on a loopback host (the local stack)', async () => {
    ctx.server.on('POST /v1/generators/onrampurl', { body: { url: 'http://127.0.0.1:6180/buy' } })
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
    ctx.server.on('POST /v1/convert/build-transaction', { body: { tx } })
    await expect(build()).rejects.toThrow(/answered an unexpected shape/)
  })

  it('refuses an approve transaction whose to is no address', async () => {
    const tx = { from: USER, to: 'x', data: '0x', value: '0', eip155: { gasPrice: '1' } }
    ctx.server.on('GET /v1/convert/build-approve', { body: { tx } })
    await expect(
      setup().api.convertBuildApprove({ userAddress: USER, from: TOKEN, to: TOKEN }),
    ).rejects.toBeInstanceOf(ResponseShapeError)
  })

  it('drops a swap token with more than 255 decimals and keeps the rest of the list', async () => {
    const token = { name: 'T', symbol: 'T', address: TOKEN, decimals: 1_000_000 }
    ctx.server.on('GET /v1/convert/tokens', {
      body: { tokens: [token, { ...token, symbol: 'OK', decimals: 18 }, { symbol: 'broken' }] },
    })
    const warnings: unknown[][] = []
    const { tokens } = await setup({ log: { warn: (...args) => warnings.push(args) } }).api.convertTokens(
      'eip155:1',
    )
    expect(tokens).toEqual([expect.objectContaining({ symbol: 'OK', decimals: 18 })])
    expect(warnings.map(([label]) => label)).toEqual([
      'Portico: swap token dropped:',
      'Portico: swap token dropped:',
    ])
  })

  it.each([
    ['without a permission', { ...SESSION, permission: undefined }],
    ['with a negative expiry', { ...SESSION, expiry: -1 }],
    ['with an empty pci', { ...SESSION, pci: '' }],
  ])('refuses a session %s', async (_, session) => {
    ctx.server.on(`GET /v1/sessions/${ADDRESS}`, { body: { pcis: [session] } })
    await expect(setup().api.getSessions(ADDRESS)).rejects.toBeInstanceOf(ResponseShapeError)
  })

  it('refuses malformed JSON from a profile lookup', async () => {
    ctx.server.on('GET /v1/profile/account/alice', { body: '{"name": ' })
    await expect(setup().api.profileLookup('alice')).rejects.toThrow('malformed JSON')
  })
})

describe('retry rules hold for the convert, profile, onramp and sessions calls', () => {
  it('retries a 503 after Retry-After and a 429, then answers', async () => {
    ctx.server.on(
      'GET /v1/convert/allowance',
      { status: 503, headers: { 'retry-after': '0' }, body: {} },
      { status: 429, body: {} },
      { body: { allowance: '7' } },
    )
    await expect(setup().api.convertAllowance({ tokenAddress: TOKEN, userAddress: USER })).resolves.toEqual({
      allowance: '7',
    })
    expect(ctx.server.requests).toHaveLength(3)
  })

  it('gives up after 3 retries with the status', async () => {
    ctx.server.on('GET /v1/onramp/options', { status: 502, body: { message: 'bad gateway' } })
    await expect(setup().api.onrampOptions()).rejects.toThrow('failed with status 502: bad gateway')
    expect(ctx.server.requests).toHaveLength(4)
  })

  it('does not repeat a POST whose connection dropped (it may have been processed)', async () => {
    ctx.server.on(`POST /v1/sessions/${ADDRESS}/revoke`, { destroy: true })
    await expect(setup().api.revokeSession(ADDRESS, { pci: 'p', signature: '0x1' })).rejects.toThrow()
    expect(ctx.server.requests).toHaveLength(1)
  })

  it('does not retry a 400', async () => {
    ctx.server.on('POST /v1/profile/account', { status: 400, body: { message: 'bad' } })
    await expect(
      setup().api.profileRegister({ coinType: 60, address: ADDRESS, message: '{}', signature: '0x1' }),
    ).rejects.toThrow('status 400')
    expect(ctx.server.requests).toHaveLength(1)
  })
})
