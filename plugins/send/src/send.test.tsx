/** The send plugin's logic: validation, transactions and gas (behaviour §5), with the kernel's real helpers. */
import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { TokenBalance } from '@portico/shared-types'
import { recordedAccountDetails } from '@portico/shared-types/plugin'
import { describe, expect, it, vi } from 'vitest'
import { ETH, FROM, gasApi, TO, transferOf, USDC, USDC_CONTRACT, wallet } from '../test/sendTesting.ts'
import { buildTransaction, checkGas, validate } from './send.ts'

// The kernel's real helpers, as ctx.chains.evm() gives them (through the plugin test kit).
const evm = await fakeContext(connectedState(FROM)).ctx.chains.evm()

describe('validation', () => {
  const check = (amount: string, receiver = TO, token: TokenBalance | undefined = USDC) =>
    validate({ sendTokenAmount: amount, receiverAddress: receiver }, token, evm)
  it('wants a positive amount within the balance and the token’s decimals, and an eip155 receiver', () => {
    expect(check('12.5')).toEqual({})
    expect(check('.5')).toEqual({})
    expect(check('12.5', TO.slice(2))).toEqual({})
    expect(check('12.5', TO.toLowerCase())).toEqual({})
    expect(check('')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('0')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('1e3')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('-1')).toEqual({ amount: 'Please enter a valid amount' })
    expect(check('500.000001')).toEqual({ amount: 'Insufficient balance' })
    expect(check('500.000000')).toEqual({})
    expect(check('1.1234567')).toEqual({ amount: 'USDC allows at most 6 decimals' })
    expect(check('1', '0x12')).toEqual({
      receiver: 'Enter a valid address: 0x followed by 40 hexadecimal characters',
    })
    expect(check('1', `0x${'g'.repeat(40)}`)).toEqual({
      receiver: 'Enter a valid address: 0x followed by 40 hexadecimal characters',
    })
  })

  it('refuses a mixed-case receiver whose checksum does not match (a typo)', () => {
    expect(check('1', TO.replace('C51', 'c51'))).toEqual({
      receiver: 'This address has mixed case that does not match its checksum: check it for a typo',
    })
  })
})

describe('transactions', () => {
  it('a native send carries the value, an ERC-20 send calls the contract', () => {
    expect(buildTransaction(evm, FROM, ETH, '0.5', TO)).toEqual({
      from: FROM,
      to: TO,
      value: `0x${(5n * 10n ** 17n).toString(16)}`,
    })
    const erc20 = buildTransaction(evm, FROM, USDC, '2', TO.slice(2).toLowerCase())
    expect(erc20).toMatchObject({ from: FROM, to: USDC_CONTRACT, value: '0x0' })
    expect(transferOf(erc20.data)).toEqual({ functionName: 'transfer', args: [TO, 2_000_000n] })
  })
})

describe('USDT (behaviour reference, deliberate differences)', () => {
  it('a USDT send is the standard ERC-20 transfer calldata the gas estimate is asked with', () => {
    const USDT_CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
    const usdt: TokenBalance = {
      ...USDC,
      symbol: 'USDT',
      chainId: 'eip155:1',
      address: `eip155:1:${USDT_CONTRACT}`,
    }
    const usdtSend = buildTransaction(evm, FROM, usdt, '2', TO)
    const usdcSend = buildTransaction(evm, FROM, USDC, '2', TO)
    expect(usdtSend.to).toBe(USDT_CONTRACT)
    expect(usdtSend.data).toBe(usdcSend.data)
    expect(transferOf(usdtSend.data)).toEqual({ functionName: 'transfer', args: [TO, 2_000_000n] })
  })
})

describe('gas (behaviour §5)', () => {
  const setup = (balanceWei: bigint, extra = {}) => {
    const state = connectedState(FROM, { tokenBalance: [ETH, USDC], ...extra })
    const provider = wallet(balanceWei)
    const { ctx } = fakeContext(state, {
      services: { api: gasApi(10) },
      account: { get: vi.fn(), provider: () => provider, refreshBalance: vi.fn(async () => {}) },
    })
    const account = state.accounts.eip155
    const network = state.networks.byNamespace.eip155?.caipNetwork
    if (!account || !network) throw new Error('state')
    return { ctx, account, network }
  }

  it('prices the estimate in USD and passes with enough native balance', async () => {
    const { ctx, account, network } = setup(10n ** 18n)
    const check = await checkGas(
      ctx,
      evm,
      account,
      network,
      [ETH, USDC],
      buildTransaction(evm, FROM, USDC, '1', TO),
    )
    expect(check.gas).toBe(60_000n)
    expect(check.gasPrice).toBe(10_000_000_000n)
    expect(check.gasPriceInUSD).toBeCloseTo(0.0006 * 3000)
    expect(check.networkBalanceInUSD).toBe(3000)
    expect(check.insufficient).toBe(false)
  })

  it('is not short of gas when the app sponsors the network and the wallet takes its paymaster', async () => {
    const sponsoredSetup = (capabilities: unknown) => {
      const state = connectedState(FROM, { tokenBalance: [ETH, USDC] })
      state.options = { ...state.options, paymasterServices: { 'eip155:31337': 'https://paymaster.example' } }
      const provider = wallet(0n, { wallet_getCapabilities: capabilities })
      const { ctx } = fakeContext(state, {
        services: { api: gasApi(10) },
        account: { get: vi.fn(), provider: () => provider, refreshBalance: vi.fn(async () => {}) },
      })
      const account = state.accounts.eip155
      const network = state.networks.byNamespace.eip155?.caipNetwork
      if (!account || !network) throw new Error('state')
      return (tx: ReturnType<typeof buildTransaction>) =>
        checkGas(ctx, evm, account, network, [ETH, USDC], tx)
    }
    const sponsored = sponsoredSetup({ '0x7a69': { paymasterService: { supported: true } } })
    expect((await sponsored(buildTransaction(evm, FROM, USDC, '1', TO))).insufficient).toBe(false)
    // The amount of a native send is still the account's own.
    expect((await sponsored(buildTransaction(evm, FROM, ETH, '0.5', TO))).insufficient).toBe(true)
    const notTaken = sponsoredSetup({ '0x7a69': { paymasterService: { supported: false } } })
    expect((await notTaken(buildTransaction(evm, FROM, USDC, '1', TO))).insufficient).toBe(true)
  })

  it('is short with 0 or dust native balance, unless a smart account', async () => {
    const dust = setup(1n)
    expect(
      (
        await checkGas(
          dust.ctx,
          evm,
          dust.account,
          dust.network,
          [ETH, USDC],
          buildTransaction(evm, FROM, USDC, '1', TO),
        )
      ).insufficient,
    ).toBe(true)
    const smart = setup(0n, { allAccounts: [{ namespace: 'eip155', address: FROM, type: 'smartAccount' }] })
    expect(
      (
        await checkGas(
          smart.ctx,
          evm,
          smart.account,
          smart.network,
          [ETH, USDC],
          buildTransaction(evm, FROM, USDC, '1', TO),
        )
      ).insufficient,
    ).toBe(false)
  })

  it('an embedded smart account as the kernel records it (ConnectorProvider details) is never short', async () => {
    const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const accounts = [
      { address: OWNER, type: 'eoa' as const },
      { address: FROM, type: 'smartAccount' as const },
    ]
    const details = (type: 'eoa' | 'smartAccount') => ({
      user: { address: FROM, chainId: 31337, accounts, preferredAccountType: type },
      preferredAccountType: type,
      allAccounts: accounts,
    })
    const recorded = (type: 'eoa' | 'smartAccount', address: string) =>
      setup(0n, {
        address,
        connectedWalletInfo: { name: 'Email', type: 'AUTH' },
        ...recordedAccountDetails(details(type), address),
      })
    const short = async ({ ctx, account, network }: ReturnType<typeof setup>) =>
      (await checkGas(ctx, evm, account, network, [ETH, USDC], buildTransaction(evm, FROM, USDC, '1', TO)))
        .insufficient
    expect(await short(recorded('smartAccount', FROM))).toBe(false)
    expect(await short(recorded('eoa', OWNER))).toBe(true)
  })

  it('with no connected account to estimate from it fails with exactly CaipNetwork or CaipAddress is undefined', async () => {
    const { account, network } = setup(10n ** 18n)
    const { ctx } = fakeContext(connectedState(FROM), {
      account: { get: vi.fn(), provider: () => undefined, refreshBalance: vi.fn(async () => {}) },
    })
    await expect(
      checkGas(ctx, evm, account, network, [ETH], buildTransaction(evm, FROM, ETH, '1', TO)),
    ).rejects.toThrow(/^CaipNetwork or CaipAddress is undefined$/)
  })

  it('a native send needs the amount plus the fee', async () => {
    const { ctx, account, network } = setup(10n ** 18n)
    const all = await checkGas(ctx, evm, account, network, [ETH], buildTransaction(evm, FROM, ETH, '1', TO))
    expect(all.insufficient).toBe(true)
  })
})
