import { randomBytes } from 'node:crypto'
import type { Devnet } from '@portico/devnet'
import type {
  HistoryResponse,
  OnrampOptionsResponse,
  OnrampQuoteResponse,
  OnrampUrlResponse,
} from '@portico/shared-types/api'
import pg from 'pg'
import { createTestClient, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, type DatabaseConfig, startApi } from '../src/index.ts'
import { getJson, PROJECT, postJson, sendEth, sendToken, startEvmDevnet, tempDir } from './helpers.ts'
import { ONRAMP_SECRET, orderIdOf, PAGE_URL, providerCall } from './onrampHelpers.ts'

const pgUrl = process.env.PORTICO_TEST_DATABASE_URL
const q = `projectId=${PROJECT}`

let devnet: Devnet
beforeAll(async () => {
  devnet = await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }], fixtures: true })
})
afterAll(async () => {
  await devnet?.stop()
})

const databases: [string, () => { config: DatabaseConfig; cleanup(): Promise<void> }][] = [
  [
    'SQLite',
    () => {
      const dir = tempDir('portico-api-onramp-')
      return {
        config: { kind: 'sqlite', file: `${dir.dir}/api.sqlite` },
        cleanup: async () => dir.remove(),
      }
    },
  ],
  ...(pgUrl
    ? [
        [
          'PostgreSQL',
          () => {
            const schema = `portico_onramp_${randomBytes(6).toString('hex')}`
            return {
              config: { kind: 'postgres' as const, url: pgUrl, schema },
              cleanup: async () => {
                const client = new pg.Client({ connectionString: pgUrl })
                await client.connect()
                await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => client.end())
              },
            }
          },
        ] as [string, () => { config: DatabaseConfig; cleanup(): Promise<void> }],
      ]
    : []),
]

describe.each(databases)('the sandbox on-ramp on %s', (_name, makeDb) => {
  let api: ApiServer
  let db: ReturnType<typeof makeDb>
  const rpc = () => devnet.chains[0]?.rpcUrl ?? ''
  const treasury = generatePrivateKey()

  beforeAll(async () => {
    db = makeDb()
    api = await startApi({
      port: 0,
      chains: [{ chainId: 31337, rpcUrl: rpc() }],
      database: db.config,
      fixtures: devnet.fixtures ?? {},
      indexer: { enabled: false },
      logLevel: 'silent',
      onramp: { pageUrl: PAGE_URL, secret: ONRAMP_SECRET },
    })
    await createTestClient({ mode: 'anvil', transport: http(rpc()) }).setBalance({
      address: privateKeyToAccount(treasury).address,
      value: parseEther('1000'),
    })
  })
  afterAll(async () => {
    await api?.close()
    await db?.cleanup()
  })

  const quote = (body: Record<string, unknown>) =>
    postJson<OnrampQuoteResponse>(`${api.url}/v1/onramp/quote?${q}`, {
      purchaseCurrency: 'eth',
      paymentCurrency: 'USD',
      amount: '100.00',
      network: 'eip155:31337',
      ...body,
    })
  const order = async (buyer: string, body: Record<string, unknown> = {}) => {
    const r = await postJson<OnrampUrlResponse>(`${api.url}/v1/generators/onrampurl?${q}`, {
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: ['eth'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: buyer,
      defaultExperience: 'buy',
      presetFiatAmount: 100,
      provider: 'portico-pay',
      ...body,
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    return orderIdOf(r.body.url)
  }

  it('offers ETH and the devnet USDC in USD and EUR with the behaviour reference limits', async () => {
    const { body } = await getJson<OnrampOptionsResponse>(`${api.url}/v1/onramp/options?${q}`)
    const usdc = devnet.fixtures?.[31337]?.tokens.USDC.toLowerCase()
    expect(body.purchaseCurrencies.map((c) => c.symbol)).toEqual(['ETH', 'USDC'])
    expect(body.purchaseCurrencies[1]?.networks).toEqual([
      { name: 'eip155:31337', display_name: 'Chain 31337', chain_id: '31337', contract_address: usdc },
    ])
    expect(body.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(body.paymentCurrencies[0]?.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
  })

  it('quotes each provider with its own fee', async () => {
    const a = await quote({ provider: 'portico-pay' })
    const b = await quote({ provider: 'demo-ramp', purchaseCurrency: 'usdc', amount: '250' })
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({
      coinbaseFee: { amount: '1.50', currency: 'USD' },
      networkFee: { amount: '0.50', currency: 'USD' },
      paymentSubtotal: { amount: '98.00', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '0.03266666', currency: 'ETH' },
    })
    expect(a.body.quoteId).toMatch(/^portico-pay:/)
    expect(b.body).toMatchObject({
      coinbaseFee: { amount: '5.00' },
      networkFee: { amount: '0.25' },
      purchaseAmount: { amount: '244.75', currency: 'USDC' },
    })
  })

  it('pays an order: claimed once, delivered on chain, then listed by history?onramp=', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const id = await order(buyer)
    const view = await providerCall(api.url, 'GET', `/provider/onramp/orders/${id}`)
    expect(view.body).toMatchObject({
      address: buyer,
      providerName: 'Portico Pay',
      symbol: 'ETH',
      fiatTotal: '100.00',
      cryptoDisplay: '0.03266666',
      status: 'pending',
    })
    expect((await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/claim`)).status).toBe(200)
    expect((await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/claim`)).status).toBe(409)

    // A delivery of the wrong amount is refused; the right one completes the order.
    const short = await sendEth(rpc(), 31337, treasury, buyer, 1n)
    const refused = await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/complete/${short}`)
    expect(refused.status).toBe(422)
    const paid = await sendEth(rpc(), 31337, treasury, buyer, parseEther('0.03266666'))
    const done = await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/complete/${paid}`)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.status).toBe('completed')

    // The same transaction cannot pay a second order.
    const second = await order(buyer)
    await providerCall(api.url, 'POST', `/provider/onramp/orders/${second}/claim`)
    expect(
      (await providerCall(api.url, 'POST', `/provider/onramp/orders/${second}/complete/${paid}`)).status,
    ).toBe(409)

    const history = await getJson<HistoryResponse>(
      `${api.url}/v1/account/${buyer}/history?${q}&onramp=portico-pay`,
    )
    expect(history.body.data).toHaveLength(1)
    expect(history.body.data[0]).toMatchObject({
      metadata: {
        operationType: 'buy',
        hash: paid,
        sentTo: buyer,
        status: 'confirmed',
        chain: 'eip155:31337',
      },
      transfers: [
        {
          direction: 'in',
          fungible_info: { symbol: 'ETH' },
          quantity: { numeric: '0.03266666' },
          value: 100,
        },
      ],
    })
    const other = await getJson<HistoryResponse>(
      `${api.url}/v1/account/${buyer}/history?${q}&onramp=demo-ramp`,
    )
    expect(other.body.data).toEqual([])
  })

  it('checks a token delivery by its Transfer log', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const id = await order(buyer, {
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: ['usdc'] }],
      provider: 'demo-ramp',
      presetFiatAmount: 50,
    })
    const view = await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/claim`)
    expect(view.body).toMatchObject({ symbol: 'USDC', cryptoDisplay: '48.75', decimals: 6 })
    const usdc = devnet.fixtures?.[31337]?.tokens.USDC ?? '0x'
    const deployer = devnet.accounts[0]?.privateKey ?? '0x'
    const hash = await sendToken(rpc(), 31337, deployer, usdc, buyer, parseUnits('48.75', 6))
    expect(
      (await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/complete/${hash}`)).status,
    ).toBe(200)
    const history = await getJson<HistoryResponse>(
      `${api.url}/v1/account/${buyer}/history?${q}&onramp=demo-ramp`,
    )
    expect(history.body.data[0]?.transfers[0]?.quantity.numeric).toBe('48.75')
  })

  it('releases a claimed order for another attempt', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const id = await order(buyer)
    await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/claim`)
    expect((await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/release`)).body.status).toBe(
      'pending',
    )
    expect((await providerCall(api.url, 'POST', `/provider/onramp/orders/${id}/claim`)).status).toBe(200)
  })
})
