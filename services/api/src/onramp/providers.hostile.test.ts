import { join } from 'node:path'
import type { ApiErrorBody, OnrampOptionsResponse, OnrampUrlResponse } from '@portico/shared-types/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, getJson, PROJECT, postJson, tempDir } from '../../test/helpers.ts'
import { ONRAMP_SECRET, PAGE_URL } from '../../test/onrampHelpers.ts'
import { type ApiConfigInput, type ApiServer, startApi } from '../index.ts'
import { signMoonpayQuery } from './moonpayUrl.ts'

const MOONPAY = { apiKey: 'pk_test_portico', secretKey: 'sk_test_portico' }
const buyer = `0x${'5a'.repeat(20)}`
let dir: ReturnType<typeof tempDir>
const servers: Record<'both' | 'sandboxOnly' | 'none', ApiServer | undefined> = {
  both: undefined,
  sandboxOnly: undefined,
  none: undefined,
}

beforeAll(async () => {
  dir = tempDir('portico-api-onramp-providers-')
  // Mainnet beside the devnet chain, as a team serving both would configure it; no chain must answer.
  const start = async (name: keyof typeof servers, extra: ApiConfigInput) => {
    servers[name] = await startApi({
      port: 0,
      chains: [
        { chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` },
        { chainId: 1, rpcUrl: `http://127.0.0.1:${await freePort()}` },
      ],
      database: { kind: 'sqlite', file: join(dir.dir, `${name}.sqlite`) },
      indexer: { enabled: false },
      logLevel: 'silent',
      rpcTimeoutMs: 500,
      onramp: { pageUrl: PAGE_URL, secret: ONRAMP_SECRET },
      ...extra,
    })
  }
  await start('both', { onrampProviders: { moonpay: MOONPAY } })
  await start('sandboxOnly', {})
  await start('none', { onrampProviders: { sandbox: { enabled: false } } })
})
afterAll(async () => {
  for (const s of Object.values(servers)) await s?.close()
  dir?.remove()
})

const q = `projectId=${PROJECT}`
const api = (name: keyof typeof servers) => servers[name]?.url ?? ''
const networksOf = async (name: keyof typeof servers) => {
  const { body } = await getJson<OnrampOptionsResponse>(`${api(name)}/v1/onramp/options?${q}`)
  return body.purchaseCurrencies.flatMap((c) => c.networks.map((n) => `${c.id}@${n.name}`))
}
const generate = (name: keyof typeof servers, body: Record<string, unknown>) =>
  postJson<OnrampUrlResponse & ApiErrorBody>(`${api(name)}/v1/generators/onrampurl?${q}`, {
    destinationWallets: [{ address: buyer, blockchains: ['eip155:1'], assets: ['eth'] }],
    defaultNetwork: 'eip155:1',
    partnerUserId: 'user-1',
    presetFiatAmount: 100,
    provider: 'moonpay',
    ...body,
  })
const quote = (name: keyof typeof servers, body: Record<string, unknown>) =>
  postJson<ApiErrorBody>(`${api(name)}/v1/onramp/quote?${q}`, {
    purchaseCurrency: 'eth',
    paymentCurrency: 'USD',
    amount: '100.00',
    network: 'eip155:1',
    ...body,
  })

describe('on-ramp providers: each offered only where it can deliver', () => {
  it('offers the sandbox on the devnet chain only, never on a real network the API serves', async () => {
    expect(await networksOf('sandboxOnly')).toEqual(['eth@eip155:31337'])
    const r = await quote('sandboxOnly', { provider: 'portico-pay' })
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(/ETH cannot be bought on eip155:1/)
  })

  it('adds MoonPay on its networks once its keys are configured', async () => {
    expect(await networksOf('both')).toEqual(['eth@eip155:31337', 'eth@eip155:1'])
  })

  it('names the configured providers in quote order, each with its networks and whether it quotes', async () => {
    const providersOf = async (name: keyof typeof servers) =>
      (await getJson<OnrampOptionsResponse>(`${api(name)}/v1/onramp/options?${q}`)).body.providers
    expect(await providersOf('both')).toEqual([
      { id: 'portico-pay', name: 'Portico Pay', quotes: true, networks: ['eip155:31337'] },
      { id: 'demo-ramp', name: 'Demo Ramp', quotes: true, networks: ['eip155:31337'] },
      { id: 'moonpay', name: 'MoonPay', quotes: false, networks: ['eip155:1'] },
    ])
    expect((await providersOf('sandboxOnly'))?.map((p) => p.id)).toEqual(['portico-pay', 'demo-ramp'])
    expect(await providersOf('none')).toEqual([])
  })

  it('without MoonPay keys, refuses MoonPay by name', async () => {
    const r = await generate('sandboxOnly', {})
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('provider must be one of portico-pay, demo-ramp')
  })

  it('with no provider configured, offers nothing and says so', async () => {
    expect(await networksOf('none')).toEqual([])
    const r = await quote('none', { network: 'eip155:31337' })
    expect(r.status).toBe(503)
    expect(r.body.message).toMatch(/No on-ramp provider/)
  })

  it('answers a MoonPay purchase with its signed widget URL and keeps no order', async () => {
    const r = await generate('both', { paymentCurrency: 'EUR' })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const url = new URL(r.body.url)
    expect(url.origin).toBe('https://buy-sandbox.moonpay.com')
    const signed = url.search.slice(0, url.search.lastIndexOf('&signature='))
    expect(signed).toBe(
      `?apiKey=pk_test_portico&currencyCode=eth&walletAddress=${buyer}&baseCurrencyCode=eur&baseCurrencyAmount=100.00&externalCustomerId=user-1`,
    )
    expect(url.searchParams.get('signature')).toBe(signMoonpayQuery(MOONPAY.secretKey, signed))
  })

  it('picks MoonPay where it is the provider that serves the network', async () => {
    const r = await generate('both', { provider: undefined })
    expect(r.status).toBe(201)
    expect(new URL(r.body.url).origin).toBe('https://buy-sandbox.moonpay.com')
  })

  it('gives no MoonPay quote (its page prices), so the kernel shows its placeholder', async () => {
    const r = await quote('both', { provider: 'moonpay' })
    expect(r.status).toBe(422)
  })

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'MoonPay on the devnet',
      {
        defaultNetwork: 'eip155:31337',
        destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: ['eth'] }],
      },
      /ETH cannot be bought on eip155:31337/,
    ],
    [
      'an unknown network',
      {
        defaultNetwork: 'eip155:999999',
        destinationWallets: [{ address: buyer, blockchains: ['eip155:999999'], assets: ['eth'] }],
      },
      /cannot be bought on eip155:999999/,
    ],
    [
      'a parameter smuggled in the wallet address',
      { destinationWallets: [{ address: `${buyer}&currencyCode=btc`, blockchains: ['eip155:1'] }] },
      /40 hex/,
    ],
    ['a parameter smuggled in the customer id', { partnerUserId: 'u&walletAddress=0x1' }, /partnerUserId/],
    ['an over-long customer id', { partnerUserId: 'u'.repeat(129) }, /partnerUserId/],
    ['a parameter smuggled in the fiat code', { paymentCurrency: 'usd&x=1' }, /paymentCurrency/],
    ['an amount above the card limit', { presetFiatAmount: 7500.01 }, /between 10\.00 and 7500\.00/],
    ['an amount below the limit', { presetFiatAmount: 9.99 }, /between 10\.00 and 7500\.00/],
    ['an upper-case provider id', { provider: 'MoonPay' }, /provider must be a provider id/],
  ])('refuses %s', async (_what, body, message) => {
    const r = await generate('both', body)
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(message)
  })
})
