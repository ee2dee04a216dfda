import type { Devnet } from '@portico/devnet'
import * as v from 'valibot'
import { type Address, erc20Abi, maxUint256, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServer } from '../src/index.ts'
import {
  AllowanceSchema,
  ApproveTransactionSchema,
  caip,
  dexOf,
  fundedAccount,
  NATIVE,
  routerAbi,
  rpcOf,
  SwapQuotesSchema,
  SwapTokensSchema,
  SwapTransactionSchema,
  sdk,
  sendBuilt,
} from './convertHelpers.ts'
import { chainClients, getJson, postJson, startApiOverDevnet } from './helpers.ts'

let devnet: Devnet
let api: ApiServer
let stack: Awaited<ReturnType<typeof startApiOverDevnet>>

beforeAll(async () => {
  stack = await startApiOverDevnet('portico-api-convert-', { pollMs: 200 })
  ;({ devnet, api } = stack)
})
afterAll(() => stack?.stop())

const C = 31337
const client = () => chainClients(C, rpcOf(devnet, C)).publicClient
const balanceOf = (token: Address, owner: Address) =>
  client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const getAmountsOut = (amount: bigint, path: Address[]) =>
  client().readContract({
    address: dexOf(devnet, C).router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amount, path],
  })

interface QuoteBody {
  quotes: { toAmount: string; fromAmount: string; priceImpact: number; providerFee: string; path: string[] }[]
}
const getQuote = async (user: string, from: string, to: string, amount: bigint) => {
  const params = new URLSearchParams({
    amount: String(amount),
    userAddress: user,
    from,
    to,
    gasPrice: '1000000000',
  })
  const { status, body } = await getJson<QuoteBody>(`${api.url}/v1/convert/quotes?${sdk}&${params}`)
  expect(status, JSON.stringify(body)).toBe(200)
  v.parse(SwapQuotesSchema, body)
  return body.quotes[0] as QuoteBody['quotes'][number]
}
interface BuiltBody {
  tx: { from: string; to: string; data: string; value: string; eip155: { gas: string; gasPrice: string } }
  toAmount: string
  amountOutMin: string
}
const build = async (user: string, from: string, to: string, amount: bigint, slippage = 1) => {
  const { status, body } = await postJson<BuiltBody>(`${api.url}/v1/convert/build-transaction?${sdk}`, {
    amount: String(amount),
    eip155: { slippage },
    projectId: 'portico-dev',
    from,
    to,
    userAddress: user,
  })
  expect(status, JSON.stringify(body)).toBe(200)
  v.parse(SwapTransactionSchema, body)
  return body
}

describe('GET /v1/convert/tokens', () => {
  it('lists the native token and the pools’ tokens in the kernel’s shape, with EIP-2612 read from the chain', async () => {
    const { status, body } = await getJson<{ tokens: Record<string, unknown>[] }>(
      `${api.url}/v1/convert/tokens?${sdk}&chainId=eip155:${C}`,
    )
    expect(status).toBe(200)
    const { tokens } = v.parse(SwapTokensSchema, body)
    const dex = dexOf(devnet, C)
    expect(tokens.map((t) => [t.symbol, t.address, t.decimals, t.eip2612])).toEqual([
      ['ETH', caip(C, NATIVE), 18, false],
      ['PTT', caip(C, dex.tokens.PTT), 18, false],
      ['USDC', caip(C, dex.tokens.USDC), 6, false],
      ['PRMT', caip(C, dex.permitToken), 18, true],
    ])
    expect(tokens.every((t) => t.logoUri.startsWith('data:image/svg+xml,'))).toBe(true)
  })
})

describe('GET /v1/convert/quotes', () => {
  it('quotes exactly the router’s getAmountsOut, with the provider fee and a price impact that grows with size', async () => {
    const dex = dexOf(devnet, C)
    const user = caip(C, devnet.accounts[3]?.address ?? '')
    const small = await getQuote(user, caip(C, NATIVE), caip(C, dex.tokens.USDC), parseEther('0.01'))
    const [, direct] = await getAmountsOut(parseEther('0.01'), [dex.weth, dex.tokens.USDC])
    expect(small.toAmount).toBe(String(direct))
    expect(small.providerFee).toBe(String((parseEther('0.01') * 85n) / 10_000n))
    expect(small.path).toEqual([caip(C, dex.weth), caip(C, dex.tokens.USDC)])
    const big = await getQuote(user, caip(C, NATIVE), caip(C, dex.tokens.USDC), parseEther('10'))
    // 10 ETH into a 100 ETH pool: about 9.1% below the mid price
    expect(small.priceImpact).toBeLessThan(0.02)
    expect(big.priceImpact).toBeGreaterThan(9)
    expect(big.priceImpact).toBeLessThan(9.2)
  })

  it('routes PRMT→USDC through WETH, where no direct pool exists', async () => {
    const dex = dexOf(devnet, C)
    const user = caip(C, devnet.accounts[3]?.address ?? '')
    const amount = parseEther('100')
    const q = await getQuote(user, caip(C, dex.permitToken), caip(C, dex.tokens.USDC), amount)
    const amounts = await getAmountsOut(amount, [dex.permitToken, dex.weth, dex.tokens.USDC])
    expect(q.path).toEqual([dex.permitToken, dex.weth, dex.tokens.USDC].map((a) => caip(C, a)))
    expect(q.toAmount).toBe(String(amounts[2]))
  })
})

describe('swapping on the devnet with the built transactions', () => {
  it('swaps ETH→USDC: the USDC balance grows by the quoted amount, the ETH one falls by amount + gas', async () => {
    const dex = dexOf(devnet, C)
    const me = await fundedAccount(devnet, C, '5')
    const amount = parseEther('1')
    const quoted = await getQuote(me.caip, caip(C, NATIVE), caip(C, dex.tokens.USDC), amount)
    const built = await build(me.caip, caip(C, NATIVE), caip(C, dex.tokens.USDC), amount, 1)
    expect(built.tx.to).toBe(caip(C, dex.router))
    expect(built.tx.value).toBe(String(amount))
    expect(built.toAmount).toBe(quoted.toAmount)
    expect(built.amountOutMin).toBe(String((BigInt(quoted.toAmount) * 9_900n) / 10_000n))
    const ethBefore = await client().getBalance({ address: me.address })
    const receipt = await sendBuilt(devnet, C, me.privateKey, built.tx)
    expect(await balanceOf(dex.tokens.USDC, me.address)).toBe(BigInt(quoted.toAmount))
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await client().getBalance({ address: me.address })).toBe(ethBefore - amount - gasCost)
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(built.tx.eip155.gas))
  })

  it('allowance → build-approve → approve → allowance → swap USDC→PTT → swap PTT→ETH', async () => {
    const dex = dexOf(devnet, C)
    const me = await fundedAccount(devnet, C, '5')
    const usdc = caip(C, dex.tokens.USDC)
    const ptt = caip(C, dex.tokens.PTT)
    await sendBuilt(
      devnet,
      C,
      me.privateKey,
      (await build(me.caip, caip(C, NATIVE), usdc, parseEther('1'))).tx,
    )
    const allowance = async () => {
      const params = new URLSearchParams({
        tokenAddress: usdc,
        userAddress: me.caip,
        sourceTokenAmount: '100',
        sourceTokenDecimals: '6',
      })
      const { status, body } = await getJson(`${api.url}/v1/convert/allowance?${sdk}&${params}`)
      expect(status).toBe(200)
      return BigInt(v.parse(AllowanceSchema, body).allowance)
    }
    expect(await allowance()).toBe(0n)
    // Without the allowance the router would revert: build-transaction says so instead of a bad tx.
    const early = await postJson<{ message: string }>(`${api.url}/v1/convert/build-transaction?${sdk}`, {
      amount: String(parseUnits('100', 6)),
      eip155: { slippage: 1 },
      from: usdc,
      to: ptt,
      userAddress: me.caip,
    })
    expect(early.status).toBe(400)
    expect(early.body.message).toMatch(/The swap would fail/)

    const params = new URLSearchParams({ userAddress: me.caip, from: usdc, to: ptt })
    const approve = await getJson(`${api.url}/v1/convert/build-approve?${sdk}&${params}`)
    expect(approve.status).toBe(200)
    const { tx } = v.parse(ApproveTransactionSchema, approve.body)
    expect([tx.from, tx.to, tx.value]).toEqual([me.caip, usdc, '0'])
    await sendBuilt(devnet, C, me.privateKey, tx)
    expect(await allowance()).toBe(maxUint256)

    const amount = parseUnits('100', 6)
    const usdcBefore = await balanceOf(dex.tokens.USDC, me.address)
    const quoted = await getQuote(me.caip, usdc, ptt, amount)
    // The ETH bought above moved the pools: the quote is the router's amount on the better route.
    const direct = (await getAmountsOut(amount, [dex.tokens.USDC, dex.tokens.PTT]))[1] ?? 0n
    const viaWeth = (await getAmountsOut(amount, [dex.tokens.USDC, dex.weth, dex.tokens.PTT]))[2] ?? 0n
    expect(quoted.toAmount).toBe(String(direct > viaWeth ? direct : viaWeth))
    const path = quoted.path.map((a) => a.split(':')[2] as Address)
    expect((await getAmountsOut(amount, path)).at(-1)).toBe(BigInt(quoted.toAmount))
    await sendBuilt(devnet, C, me.privateKey, (await build(me.caip, usdc, ptt, amount, 0.5)).tx)
    expect(await balanceOf(dex.tokens.PTT, me.address)).toBe(BigInt(quoted.toAmount))
    expect(await balanceOf(dex.tokens.USDC, me.address)).toBe(usdcBefore - amount)

    // Token → ETH: approve PTT, then swapExactTokensForETH pays native ETH out.
    const pttApprove = await getJson<{ tx: BuiltBody['tx'] }>(
      `${api.url}/v1/convert/build-approve?${sdk}&${new URLSearchParams({ userAddress: me.caip, from: ptt, to: caip(C, NATIVE) })}`,
    )
    await sendBuilt(devnet, C, me.privateKey, pttApprove.body.tx)
    const pttAmount = BigInt(quoted.toAmount) / 2n
    const toEth = await getQuote(me.caip, ptt, caip(C, NATIVE), pttAmount)
    const ethBefore = await client().getBalance({ address: me.address })
    const receipt = await sendBuilt(
      devnet,
      C,
      me.privateKey,
      (await build(me.caip, ptt, caip(C, NATIVE), pttAmount)).tx,
    )
    expect(await client().getBalance({ address: me.address })).toBe(
      ethBefore + BigInt(toEth.toAmount) - receipt.gasUsed * receipt.effectiveGasPrice,
    )
  })

  it('builds a token swap to follow its approval in one batch (afterApproval): gas of the swap after the approval', async () => {
    const dex = dexOf(devnet, C)
    const me = await fundedAccount(devnet, C, '3')
    const [ptt, usdc] = [caip(C, dex.tokens.PTT), caip(C, dex.tokens.USDC)]
    await sendBuilt(
      devnet,
      C,
      me.privateKey,
      (await build(me.caip, caip(C, NATIVE), ptt, parseEther('1'))).tx,
    )
    const amount = (await balanceOf(dex.tokens.PTT, me.address)) / 2n
    const afterApproval = (body: Record<string, unknown>) =>
      postJson<BuiltBody & { message: string }>(`${api.url}/v1/convert/build-transaction?${sdk}`, {
        amount: String(amount),
        eip155: { slippage: 1 },
        from: ptt,
        to: usdc,
        userAddress: me.caip,
        afterApproval: true,
        ...body,
      })
    // No allowance on chain: the swap alone would revert, after its approval it does not.
    const built = await afterApproval({})
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    v.parse(SwapTransactionSchema, built.body)
    const gas = BigInt(built.body.tx.eip155.gas)
    const params = new URLSearchParams({ userAddress: me.caip, from: ptt, to: usdc })
    const approve = await getJson<{ tx: BuiltBody['tx'] }>(
      `${api.url}/v1/convert/build-approve?${sdk}&${params}`,
    )
    await sendBuilt(devnet, C, me.privateKey, approve.body.tx)
    const receipt = await sendBuilt(devnet, C, me.privateKey, built.body.tx)
    expect(receipt.gasUsed).toBeLessThanOrEqual(gas)
    expect(await balanceOf(dex.tokens.USDC, me.address)).toBeGreaterThanOrEqual(
      BigInt(built.body.amountOutMin),
    )

    // More than the account holds: the swap reverts even after its approval, said as such.
    const tooMuch = await afterApproval({ amount: String(amount * 10n) })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.message).toMatch(/The swap would fail .*: the swap reverts/)
  })

  it('gives a gas limit that still covers the swap when it is mined later than built (pool accumulators)', async () => {
    const dex = dexOf(devnet, C)
    const me = await fundedAccount(devnet, C, '2')
    const built = await build(me.caip, caip(C, NATIVE), caip(C, dex.permitToken), parseEther('1'))
    await client().request({ method: 'evm_increaseTime', params: [60] } as never)
    const receipt = await sendBuilt(devnet, C, me.privateKey, built.tx)
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(built.tx.eip155.gas))
    expect(await balanceOf(dex.permitToken, me.address)).toBe(BigInt(built.toAmount))
  })

  it('says the native token needs no approval and has an unlimited allowance', async () => {
    const dex = dexOf(devnet, C)
    const user = caip(C, devnet.accounts[3]?.address ?? '')
    const params = new URLSearchParams({ tokenAddress: caip(C, NATIVE), userAddress: user })
    const { body } = await getJson<{ allowance: string }>(`${api.url}/v1/convert/allowance?${sdk}&${params}`)
    expect(body.allowance).toBe(String(maxUint256))
    const approve = await getJson<{ message: string }>(
      `${api.url}/v1/convert/build-approve?${sdk}&${new URLSearchParams({ userAddress: user, from: caip(C, NATIVE), to: caip(C, dex.tokens.USDC) })}`,
    )
    expect(approve.status).toBe(400)
    expect(approve.body.message).toMatch(/needs no approval/)
  })
})
