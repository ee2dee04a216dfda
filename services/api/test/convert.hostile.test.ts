import { join } from 'node:path'
import type { Devnet } from '@portico/devnet'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServer } from '../src/index.ts'
import { startApi } from '../src/index.ts'
import { caip, dexOf, fundedAccount, NATIVE, sdk } from './convertHelpers.ts'
import { freePort, getJson, postJson, startApiOverDevnet, tempDir } from './helpers.ts'

let devnet: Devnet
let api: ApiServer
let stack: Awaited<ReturnType<typeof startApiOverDevnet>>

beforeAll(async () => {
  stack = await startApiOverDevnet('portico-api-convert-hostile-', { pollMs: 500 })
  ;({ devnet, api } = stack)
})
afterAll(() => stack?.stop())

const C = 31337
const user = () => caip(C, devnet.accounts[3]?.address ?? '')
const tokens = () => {
  const dex = dexOf(devnet, C)
  return { eth: caip(C, NATIVE), usdc: caip(C, dex.tokens.USDC), ptt: caip(C, dex.tokens.PTT), dex }
}
type Err = { statusCode: number; message: string }
const quotes = (params: Record<string, string>) =>
  getJson<Err>(`${api.url}/v1/convert/quotes?${sdk}&${new URLSearchParams(params)}`)
const buildTx = (body: Record<string, unknown>) =>
  postJson<Err>(`${api.url}/v1/convert/build-transaction?${sdk}`, body)
const quoteParams = (over: Record<string, string> = {}) => {
  const t = tokens()
  return {
    amount: String(parseEther('1')),
    userAddress: user(),
    from: t.eth,
    to: t.usdc,
    gasPrice: '1',
    ...over,
  }
}
const buildBody = (over: Record<string, unknown> = {}) => {
  const t = tokens()
  return {
    amount: String(parseEther('1')),
    eip155: { slippage: 1 },
    from: t.eth,
    to: t.usdc,
    userAddress: user(),
    ...over,
  }
}

describe('convert: networks without a DEX', () => {
  it.each([
    ['a behaviour-reference chain we do not serve', 'eip155:1'],
    ['a Solana network', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  ])('tokens on %s → 400 Network not supported for Swaps', async (_, chainId) => {
    const { status, body } = await getJson<Err>(`${api.url}/v1/convert/tokens?${sdk}&chainId=${chainId}`)
    expect(status).toBe(400)
    expect(body.message).toMatch(/^Network not supported for Swaps/)
  })

  it('quotes, allowance, build-approve and build-transaction for an account on eip155:1 → 400', async () => {
    const far = `eip155:1:${devnet.accounts[3]?.address}`
    const one = `eip155:1:${NATIVE}`
    const usdc1 = `eip155:1:${tokens().dex.tokens.USDC}`
    const answers = await Promise.all([
      quotes(quoteParams({ userAddress: far, from: one, to: usdc1 })),
      getJson<Err>(
        `${api.url}/v1/convert/allowance?${sdk}&${new URLSearchParams({ tokenAddress: usdc1, userAddress: far })}`,
      ),
      getJson<Err>(
        `${api.url}/v1/convert/build-approve?${sdk}&${new URLSearchParams({ userAddress: far, from: usdc1, to: one })}`,
      ),
      buildTx(buildBody({ userAddress: far, from: one, to: usdc1 })),
    ])
    for (const { status, body } of answers) {
      expect(status).toBe(400)
      expect(body.message).toMatch(/^Network not supported for Swaps/)
    }
  })
})

describe('convert: tokens', () => {
  it('refuses a token that is not on the swap list (JUNK exists on chain but has no pool; WETH is listed as ETH)', async () => {
    const { dex } = tokens()
    for (const address of [dex.tokens.JUNK, dex.weth, '0x000000000000000000000000000000000000dEaD']) {
      const { status, body } = await quotes(quoteParams({ to: caip(C, address) }))
      expect(status).toBe(400)
      expect(body.message).toMatch(/is not on the swap list of eip155:31337/)
    }
  })

  it('refuses the same token on both sides', async () => {
    const t = tokens()
    const { status, body } = await quotes(quoteParams({ from: t.usdc, to: t.usdc }))
    expect([status, body.message]).toEqual([400, 'from and to are the same token'])
    // also when spelt differently (lower case)
    const lower = await buildTx(buildBody({ from: t.usdc, to: t.usdc.toLowerCase() }))
    expect([lower.status, lower.body.message]).toEqual([400, 'from and to are the same token'])
  })

  it('refuses a token of another chain and a bare 0x user address', async () => {
    const t = tokens()
    const other = await quotes(quoteParams({ to: caip(31338, t.dex.tokens.USDC) }))
    expect(other.status).toBe(400)
    expect(other.body.message).toMatch(/to is on eip155:31338 but the account is on eip155:31337/)
    const bare = await quotes(quoteParams({ userAddress: devnet.accounts[3]?.address ?? '' }))
    expect(bare.status).toBe(400)
    expect(bare.body.message).toMatch(/userAddress must be a CAIP-10 account/)
  })
})

describe('convert: amounts, gas price and slippage', () => {
  it.each([
    ['negative', '-5', /whole number/],
    ['decimal', '1.5', /whole number/],
    ['exponent', '1e18', /whole number/],
    ['zero', '0', /above 0/],
    ['hex', '0x10', /whole number/],
    ['above uint112', String(2n ** 112n), /the most a pool can hold/],
    ['81 digits', '9'.repeat(81), /whole number/],
  ])('a %s amount → 400', async (_, amount, message) => {
    const q = await quotes(quoteParams({ amount }))
    expect(q.status).toBe(400)
    expect(q.body.message).toMatch(message)
    const b = await buildTx(buildBody({ amount }))
    expect(b.status).toBe(400)
    expect(b.body.message).toMatch(message)
  })

  it('a huge amount within uint112 still quotes: the output stays below the pool’s reserve, impact near 100%', async () => {
    const { status, body } = await getJson<{ quotes: { toAmount: string; priceImpact: number }[] }>(
      `${api.url}/v1/convert/quotes?${sdk}&${new URLSearchParams(quoteParams({ amount: String(2n ** 100n) }))}`,
    )
    expect(status).toBe(200)
    expect(BigInt(body.quotes[0]?.toAmount ?? 'x')).toBeLessThan(300_000n * 10n ** 6n)
    expect(body.quotes[0]?.priceImpact).toBeGreaterThan(99.9)
  })

  it('a repeated or absurd gasPrice → 400', async () => {
    const repeated = await getJson<Err>(
      `${api.url}/v1/convert/quotes?${sdk}&${new URLSearchParams(quoteParams())}&gasPrice=2`,
    )
    expect(repeated.status).toBe(400)
    expect(repeated.body.message).toMatch(/single value/)
    const absurd = await quotes(quoteParams({ gasPrice: '1'.repeat(31) }))
    expect(absurd.status).toBe(400)
    expect(absurd.body.message).toMatch(/gasPrice/)
  })

  it.each([
    ['negative', -1],
    ['above 50', 51],
    ['not a number', 'abc'],
    ['three decimals', 0.125],
    ['an object', { value: 1 }],
  ])('a %s slippage → 400', async (_, slippage) => {
    const { status, body } = await buildTx(buildBody({ eip155: { slippage } }))
    expect(status).toBe(400)
    expect(body.message).toMatch(/eip155\.slippage/)
  })

  it.each([
    ['a string', 'true'],
    ['a number', 1],
    ['an object', { yes: true }],
  ])('afterApproval as %s → 400', async (_, afterApproval) => {
    const { status, body } = await buildTx(buildBody({ afterApproval }))
    expect(status).toBe(400)
    expect(body.message).toMatch(/afterApproval/)
  })

  it('afterApproval from an account without the tokens: the simulated pair says the swap would fail', async () => {
    const empty = await fundedAccount(devnet, C, '0')
    const t = tokens()
    const { status, body } = await buildTx(
      buildBody({ userAddress: empty.caip, from: t.usdc, to: t.eth, amount: '1000000', afterApproval: true }),
    )
    expect(status).toBe(400)
    expect(body.message).toMatch(/The swap would fail .*the swap reverts/)
  })

  it('an account without the funds gets a 400 saying the swap would fail, not a transaction', async () => {
    const empty = await fundedAccount(devnet, C, '0')
    const { status, body } = await buildTx(buildBody({ userAddress: empty.caip }))
    expect(status).toBe(400)
    expect(body.message).toMatch(/The swap would fail/)
  })

  it('build-approve with an explicit amount approves exactly it; without from/to → 400', async () => {
    const t = tokens()
    const params = new URLSearchParams({ userAddress: user(), from: t.usdc, to: t.eth, amount: '123' })
    const ok = await getJson<{ tx: { data: string } }>(`${api.url}/v1/convert/build-approve?${sdk}&${params}`)
    expect(ok.status).toBe(200)
    expect(ok.body.tx.data.endsWith('7b')).toBe(true)
    const missing = await getJson<Err>(`${api.url}/v1/convert/build-approve?${sdk}&userAddress=${user()}`)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toMatch(/from is required/)
  })
})

describe('convert: a DEX the API cannot read', () => {
  it('answers 502 (not a short token list) for a pool token with no code, or a chain that is down', async () => {
    const dex = tokens().dex
    const dir = tempDir('portico-api-convert-broken-')
    const bogus = '0x000000000000000000000000000000000000bEEF'
    const broken = {
      ...dex,
      pairs: [...dex.pairs, { name: 'ETH/BOGUS', tokenA: dex.weth, tokenB: bogus, pair: bogus }],
    }
    const deadPort = await freePort()
    const other = await startApi({
      port: 0,
      chains: [
        { chainId: 31337, rpcUrl: devnet.chains.find((c) => c.chainId === 31337)?.rpcUrl ?? '' },
        { chainId: 31338, rpcUrl: `http://127.0.0.1:${deadPort}` },
      ],
      database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
      fixtures: { 31337: { dex: broken }, 31338: { dex } },
      indexer: { enabled: false },
      logLevel: 'silent',
      rpcTimeoutMs: 2000,
    })
    try {
      for (const chainId of [31337, 31338]) {
        const { status, body } = await getJson<Err>(
          `${other.url}/v1/convert/tokens?${sdk}&chainId=eip155:${chainId}`,
        )
        expect(status).toBe(502)
        expect(body.message).toMatch(new RegExp(`Cannot read the swap tokens of eip155:${chainId}`))
      }
    } finally {
      await other.close()
      dir.remove()
    }
  })
})
