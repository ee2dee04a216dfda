import { join } from 'node:path'
import type { ApiErrorBody, HistoryResponse, OnrampUrlResponse } from '@portico/shared-types/api'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, getJson, PROJECT, postJson, tempDir } from './helpers.ts'
import { ONRAMP_SECRET, orderIdOf, PAGE_URL, providerCall } from './onrampHelpers.ts'

let api: ApiServer
let unconfigured: ApiServer
let expiring: ApiServer
let dir: ReturnType<typeof tempDir>
const q = `projectId=${PROJECT}`
const buyer = privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  dir = tempDir('portico-api-onramp-hostile-')
  // ETH is priced by a fixed fixture price alone: no chain needs to answer (the URL is a closed port).
  const common = {
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    fixtures: { '31337': { prices: { ETH: 3000 } } },
    indexer: { enabled: false },
    logLevel: 'silent' as const,
    rpcTimeoutMs: 500,
  }
  api = await startApi({
    ...common,
    database: { kind: 'sqlite', file: join(dir.dir, 'a.sqlite') },
    onramp: { pageUrl: PAGE_URL, secret: ONRAMP_SECRET },
  })
  unconfigured = await startApi({ ...common, database: { kind: 'sqlite', file: join(dir.dir, 'b.sqlite') } })
  expiring = await startApi({
    ...common,
    database: { kind: 'sqlite', file: join(dir.dir, 'c.sqlite') },
    onramp: { pageUrl: PAGE_URL, secret: ONRAMP_SECRET, orderTtlSeconds: 0 },
  })
})

afterAll(async () => {
  await api?.close()
  await unconfigured?.close()
  await expiring?.close()
  dir?.remove()
})

const goodQuote = {
  purchaseCurrency: 'eth',
  paymentCurrency: 'USD',
  amount: '100.00',
  network: 'eip155:31337',
}
const goodUrl = {
  destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: ['eth'] }],
  defaultNetwork: 'eip155:31337',
  partnerUserId: 'user-1',
  defaultExperience: 'buy',
  presetFiatAmount: 100,
}
const quote = (body: unknown) => postJson<ApiErrorBody>(`${api.url}/v1/onramp/quote?${q}`, body)
const generate = (body: unknown, server = api) =>
  postJson<OnrampUrlResponse & ApiErrorBody>(`${server.url}/v1/generators/onrampurl?${q}`, body)

describe('POST /v1/onramp/quote under attack', () => {
  it('answers a good body (the baseline the cases below break)', async () => {
    expect((await quote(goodQuote)).status).toBe(200)
  })

  it.each<[string, unknown, RegExp]>([
    ['no body', null, /body must be a JSON object/],
    ['a list', [goodQuote], /body must be a JSON object/],
    ['an unknown field', { ...goodQuote, price: '1' }, /nothing else/],
    ['a missing amount', { ...goodQuote, amount: undefined }, /amount is required/],
    ['a number amount', { ...goodQuote, amount: 100 }, /amount must be a decimal string/],
    ['an exponent', { ...goodQuote, amount: '1e3' }, /at most 2 decimals/],
    ['a negative amount', { ...goodQuote, amount: '-50' }, /at most 2 decimals/],
    ['three decimals', { ...goodQuote, amount: '100.001' }, /at most 2 decimals/],
    ['a huge string', { ...goodQuote, amount: '9'.repeat(100_000) }, /amount must be a decimal string/],
    ['below the card minimum', { ...goodQuote, amount: '9.99' }, /between 10\.00 and 7500\.00 USD for card/],
    ['above the card maximum', { ...goodQuote, amount: '7500.01' }, /between 10\.00 and 7500\.00/],
    [
      'above the ach maximum',
      { ...goodQuote, amount: '25000.01', paymentMethod: 'ach_bank_account' },
      /between 10\.00 and 25000\.00 USD for ach_bank_account/,
    ],
    ['an unknown fiat', { ...goodQuote, paymentCurrency: 'GBP' }, /paymentCurrency must be one of USD, EUR/],
    [
      'an unknown asset',
      { ...goodQuote, purchaseCurrency: 'doge' },
      /purchaseCurrency must be one of eth, usdc/,
    ],
    ['an unserved network', { ...goodQuote, network: 'eip155:1' }, /ETH cannot be bought on eip155:1/],
    ['a malformed network', { ...goodQuote, network: '<script>' }, /Invalid chainId/],
    [
      'an unknown provider',
      { ...goodQuote, provider: 'evil' },
      /provider must be one of portico-pay, demo-ramp/,
    ],
    ['an unknown method', { ...goodQuote, paymentMethod: 'paypal' }, /paymentMethod must be one of card/],
  ])('refuses %s with a 400 that says why', async (_what, body, message) => {
    const r = await quote(body)
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(message)
  })

  it('refuses an oversized body before parsing it', async () => {
    const r = await quote({ ...goodQuote, pad: 'x'.repeat(300 * 1024) })
    expect(r.status).toBe(413)
  })
})

describe('POST /v1/generators/onrampurl under attack', () => {
  it('answers a good body with a page URL on the provider origin', async () => {
    const r = await generate(goodUrl)
    expect(r.status).toBe(201)
    expect(new URL(r.body.url).origin).toBe(PAGE_URL)
    expect(orderIdOf(r.body.url)).toMatch(/^[A-Za-z0-9_-]{24}$/)
  })

  const wallet = goodUrl.destinationWallets[0]
  it.each<[string, unknown, RegExp]>([
    ['a short address', { ...goodUrl, destinationWallets: [{ ...wallet, address: '0x1234' }] }, /40 hex/],
    [
      'a script as address',
      { ...goodUrl, destinationWallets: [{ ...wallet, address: '<script>' }] },
      /40 hex/,
    ],
    ['no wallet', { ...goodUrl, destinationWallets: [] }, /must name one wallet/],
    ['two wallets', { ...goodUrl, destinationWallets: [wallet, wallet] }, /must name one wallet/],
    [
      'a thousand chains',
      { ...goodUrl, destinationWallets: [{ ...wallet, blockchains: Array(1000).fill('eip155:31337') }] },
      /at most 10 entries/,
    ],
    [
      'an unknown asset',
      { ...goodUrl, destinationWallets: [{ ...wallet, assets: ['doge'] }] },
      /one of eth, usdc/,
    ],
    [
      'a network outside its list',
      { ...goodUrl, defaultNetwork: 'eip155:31338' },
      /one of destinationWallets.blockchains/,
    ],
    ['a bad partnerUserId', { ...goodUrl, partnerUserId: '<img src=x>' }, /partnerUserId must be/],
    ['a sell experience', { ...goodUrl, defaultExperience: 'sell' }, /defaultExperience must be "buy"/],
    ['a fraction of a cent', { ...goodUrl, presetFiatAmount: 10.001 }, /at most 2 decimals/],
    ['a negative amount', { ...goodUrl, presetFiatAmount: -10 }, /at most 2 decimals/],
    ['a string amount', { ...goodUrl, presetFiatAmount: '100' }, /presetFiatAmount must be a number/],
    ['no amount', { ...goodUrl, presetFiatAmount: undefined }, /presetFiatAmount is required/],
    ['an amount above the limit', { ...goodUrl, presetFiatAmount: 7500.01 }, /between 10\.00 and 7500\.00/],
    ['an unknown field', { ...goodUrl, redirectUrl: 'javascript:alert(1)' }, /body must be a JSON object/],
  ])('refuses %s with a 400 that says why', async (_what, body, message) => {
    const r = await generate(body)
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(message)
  })

  it('answers 503 where no provider page is configured', async () => {
    const r = await generate(goodUrl, unconfigured)
    expect(r.status).toBe(503)
    expect(r.body.message).toMatch(/not configured/)
  })
})

describe('/provider/onramp/* under attack', () => {
  it('reads and moves orders only for signed calls of this secret', async () => {
    const id = orderIdOf((await generate(goodUrl)).body.url)
    const path = `/provider/onramp/orders/${id}`
    expect((await getJson(`${api.url}${path}`)).status).toBe(401)
    expect((await providerCall(api.url, 'GET', path, 'another-secret-of-32-characters!!')).status).toBe(401)
    expect((await getJson(`${api.url}${path}/claim`, { method: 'POST' })).status).toBe(401)
    expect((await providerCall(api.url, 'GET', path)).body.status).toBe('pending')
    // Unsigned attempts changed nothing.
    expect((await providerCall(api.url, 'POST', `${path}/claim`)).status).toBe(200)
  })

  it('answers 404 for unknown or malformed order ids and 400 for a malformed hash', async () => {
    expect((await providerCall(api.url, 'GET', `/provider/onramp/orders/${'A'.repeat(24)}`)).status).toBe(404)
    expect((await providerCall(api.url, 'GET', '/provider/onramp/orders/..%2F..%2Fetc')).status).toBe(404)
    const id = orderIdOf((await generate(goodUrl)).body.url)
    await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/claim`)
    const bad = await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/complete/0x1234`)
    expect(bad.status).toBe(400)
  })

  it('never completes an order whose delivery the chain does not show', async () => {
    const id = orderIdOf((await generate(goodUrl)).body.url)
    const hash = `0x${'ab'.repeat(32)}`
    // Not claimed yet: refused without asking the chain.
    expect(
      (await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/complete/${hash}`)).status,
    ).toBe(409)
    await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/claim`)
    const r = await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/complete/${hash}`)
    expect(r.status).toBe(422)
    const history = await getJson<HistoryResponse>(
      `${api.url}/v1/account/${buyer}/history?${q}&onramp=portico-pay`,
    )
    expect(history.body.data).toEqual([])
  })

  it('refuses to take payment for an expired order (its price is stale)', async () => {
    const id = orderIdOf((await generate(goodUrl, expiring)).body.url)
    const r = await providerCall(expiring.url, 'POST', `/provider/onramp/orders/${id}/claim`)
    expect(r.status).toBe(410)
    expect(r.body.message).toMatch(/expired/)
    expect((await providerCall(expiring.url, 'GET', `/provider/onramp/orders/${id}`)).body.status).toBe(
      'pending',
    )
  })

  it('is closed where no secret is configured', async () => {
    const r = await providerCall(unconfigured.url, 'GET', `/provider/onramp/orders/${'A'.repeat(24)}`)
    expect(r.status).toBe(404)
    expect(r.body.message).toMatch(/not configured/)
  })
})
