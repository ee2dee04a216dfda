import type { KernelState, ModalOptions } from '@portico/shared-types'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../../test/api/testServer.ts'
import { eagerKernelModules } from '../../test/staticGraph.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { memoryBackend } from '../storage/storage.ts'
import { ONRAMP_FALLBACK_OPTIONS, registeredName } from './blockchainApiPluginCalls.ts'
import { HttpError } from './errors.ts'
import { createKernelApi } from './kernelApi.ts'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const USER = `eip155:31337:${ADDRESS}`
const TOKEN = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'
const REGISTER = JSON.stringify({ name: 'alice.reown.id', attributes: {}, timestamp: 1_700_000_000 })

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
  server.on('GET /v1/supported-chains', { body: { http: ['eip155:31337'], ws: [] } })
})

function setup() {
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const options: ModalOptions = { projectId: 'p1', networks: [network], apiUrl: server.url }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  store.update((draft) => {
    const slice = draft.networks.byNamespace.eip155
    if (slice) slice.caipNetwork = network
    draft.networks.activeNamespace = 'eip155'
  })
  const api = createKernelApi(store, memoryBackend(), { ...log })
  if (!api) throw new Error('expected an API client')
  return { api, log, store }
}

const paths = () => server.requests.map((request) => request.path)

describe('ctx.services.api: convert', () => {
  it("reads the API's supported chains first, then calls on a listed network", async () => {
    server.on('GET /v1/convert/tokens', { body: { tokens: [] } })
    await expect(setup().api.convertTokens('eip155:31337')).resolves.toEqual({ tokens: [] })
    expect(paths()).toEqual(['/v1/supported-chains', '/v1/convert/tokens'])
  })

  it("throws 'Network not supported for Swaps' for a network off the API's list, without calling it", async () => {
    const { api } = setup()
    // eip155:1 is on the built-in list but not on this API's list.
    const other = `eip155:1:${ADDRESS}`
    await expect(api.convertTokens('eip155:1')).rejects.toThrow('Network not supported for Swaps')
    await expect(
      api.convertQuotes({ amount: '1', userAddress: other, from: TOKEN, to: TOKEN, gasPrice: '1' }),
    ).rejects.toThrow('Network not supported for Swaps')
    await expect(api.fetchGasPrice('eip155:1')).rejects.toThrow('Network not supported for Gas Price')
    expect(paths()).toEqual(['/v1/supported-chains'])
  })

  it('builds the swap transaction on a listed network', async () => {
    const tx = { from: USER, to: TOKEN, data: '0x01', value: '0', eip155: { gas: '1', gasPrice: '2' } }
    server.on('POST /v1/convert/build-transaction', { body: { tx } })
    await expect(
      setup().api.convertBuildTransaction({
        amount: '1',
        slippage: 1,
        from: TOKEN,
        to: TOKEN,
        userAddress: USER,
      }),
    ).resolves.toEqual({ tx })
  })
})

describe('ctx.services.api: names (behaviour §8 messages)', () => {
  it('a name that is not registered (404) looks up as undefined', async () => {
    server.on('GET /v1/profile/account/nobody.reown.id', { status: 404, body: { message: 'not found' } })
    await expect(setup().api.profileLookup('nobody.reown.id')).resolves.toBeUndefined()
  })

  it("another lookup failure is 'Error resolving name' with the cause kept", async () => {
    server.on('GET /v1/profile/account/alice.reown.id', { status: 400, body: { message: 'bad name' } })
    const error = await setup()
      .api.profileLookup('alice.reown.id')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('Error resolving name')
    expect((error as Error).cause).toBeInstanceOf(HttpError)
  })

  it("a malformed reverse answer is 'Error fetching names for address'", async () => {
    server.on(`GET /v1/profile/reverse/${ADDRESS}`, { body: { not: 'a list' } })
    await expect(setup().api.profileReverse(ADDRESS)).rejects.toThrow('Error fetching names for address')
  })

  it("failed suggestions are 'Error fetching name suggestions'", async () => {
    server.on('GET /v1/profile/suggestions/ali', { status: 400, body: {} })
    await expect(setup().api.profileSuggestions('ali')).rejects.toThrow('Error fetching name suggestions')
  })

  it('registration failures use the API’s first reason, else Error registering name {name}', async () => {
    const { api } = setup()
    const params = { coinType: 60, address: ADDRESS, message: REGISTER, signature: '0x1' }
    server.on('POST /v1/profile/account', {
      status: 400,
      body: { reasons: [{ description: 'Name is already taken' }, { description: 'second' }] },
    })
    await expect(api.profileRegister(params)).rejects.toThrow(/^Name is already taken$/)
    server.on('POST /v1/profile/account', { status: 400, body: { message: 'nope' } })
    await expect(api.profileRegister(params)).rejects.toThrow(/^Error registering name alice.reown.id$/)
    server.on('POST /v1/profile/account', { body: { success: true } })
    await expect(api.profileRegister(params)).resolves.toEqual({ success: true })
  })

  it('refuses a registration message that is not JSON of name, attributes and timestamp, before sending', async () => {
    const { api } = setup()
    for (const message of ['not json', '{}', '{"name":"a","timestamp":"now"}', '{"name":"","timestamp":1}']) {
      await expect(
        api.profileRegister({ coinType: 60, address: ADDRESS, message, signature: '0x1' }),
      ).rejects.toThrow(
        'The name registration message must be JSON with name, attributes and timestamp (seconds)',
      )
    }
    expect(paths().filter((path) => path === '/v1/profile/account')).toEqual([])
    expect(registeredName(REGISTER)).toBe('alice.reown.id')
  })
})

describe('ctx.services.api: on-ramp (behaviour §8 fallbacks)', () => {
  it('options fall back to the built-in list (USD and EUR, behaviour §9 limits) on failure', async () => {
    server.on('GET /v1/onramp/options', { status: 400, body: {} })
    const { api, log } = setup()
    const options = await api.onrampOptions()
    expect(options.fallback).toBe(true)
    expect(options.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR'])
    expect(options.paymentCurrencies[0]?.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
    expect(log.warn).toHaveBeenCalled()
    // A caller mutating its copy does not change the next fallback.
    options.paymentCurrencies.length = 0
    expect(ONRAMP_FALLBACK_OPTIONS.paymentCurrencies).toHaveLength(2)
  })

  it('the whole API down (no supported-chains list either): the built-in options, not an empty view', async () => {
    server.on('GET /v1/supported-chains', { status: 503, body: {} })
    server.on('GET /v1/onramp/options', { status: 503, body: {} })
    const options = await setup().api.onrampOptions()
    expect(options.fallback).toBe(true)
    expect(options.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR'])
  })

  it("a network off the API's list (read): empty options, the API not asked", async () => {
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:1'], ws: [] } })
    await expect(setup().api.onrampOptions()).resolves.toEqual({
      purchaseCurrencies: [],
      paymentCurrencies: [],
    })
    expect(paths()).toEqual(['/v1/supported-chains'])
  })

  it('options from the API carry no fallback flag', async () => {
    const live = { purchaseCurrencies: [], paymentCurrencies: [{ id: 'USD', payment_method_limits: [] }] }
    server.on('GET /v1/onramp/options', { body: live })
    await expect(setup().api.onrampOptions()).resolves.toEqual(live)
  })

  it('a failed quote is a placeholder with the asked amount and no fees', async () => {
    server.on('POST /v1/onramp/quote', { body: { quoteId: 'q' } })
    const quote = await setup().api.onrampQuote({
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'ethereum',
    })
    expect(quote).toEqual({
      coinbaseFee: { amount: '0', currency: 'USD' },
      networkFee: { amount: '0', currency: 'USD' },
      paymentSubtotal: { amount: '100', currency: 'USD' },
      paymentTotal: { amount: '100', currency: 'USD' },
      purchaseAmount: { amount: '0', currency: 'USDC' },
      quoteId: 'placeholder',
      placeholder: true,
    })
  })

  it('an unsafe on-ramp URL is refused, not returned', async () => {
    server.on('POST /v1/generators/onrampurl', { body: { url: 'javascript:alert(1)' } })
    await expect(setup().api.onrampUrl({ destinationWallets: [], partnerUserId: 'u' })).rejects.toThrow(
      'Expected an https URL',
    )
  })
})

describe('ctx.services.api: sessions', () => {
  it('lists and revokes, empty when the active network is off the list', async () => {
    const session = {
      pci: 'p',
      address: ADDRESS,
      projectId: 'p1',
      permission: { permissionType: 't', data: '0x', required: true, onChainValidated: false },
      createdAt: 1,
      expiry: 2,
      revokedAt: null,
    }
    server.on(`GET /v1/sessions/${ADDRESS}`, { body: { pcis: [session] } })
    server.on(`POST /v1/sessions/${ADDRESS}/revoke`, { body: { pci: 'p', revokedAt: 3 } })
    const { api, store } = setup()
    await expect(api.getSessions(ADDRESS)).resolves.toEqual({ pcis: [session] })
    await expect(api.revokeSession(ADDRESS, { pci: 'p', signature: '0x1' })).resolves.toEqual({
      pci: 'p',
      revokedAt: 3,
    })
    store.update((draft) => {
      const slice = draft.networks.byNamespace.eip155
      if (slice) slice.caipNetwork = { ...network, id: 1, caipNetworkId: 'eip155:1' }
    })
    server.requests.length = 0
    await expect(api.getSessions(ADDRESS)).resolves.toEqual({ pcis: [] })
    expect(paths()).toEqual([])
  })
})

describe('ctx.services.api chunks', () => {
  it('keeps the feature calls and their schemas off the eager kernel (one api-features chunk)', () => {
    const eager = eagerKernelModules()
    expect(eager).toContain('api/blockchainApiClient.ts')
    expect(
      eager.filter((file) =>
        /^api\/(blockchainApiFeatures|blockchainApiPluginCalls|schemas[A-Z]\w*)\.ts$/.test(file),
      ),
    ).toEqual([])
  })
})
