import { encodeAbiParameters, type Hex, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../accounts.ts'
import { type Devnet, startDevnet } from '../devnet.ts'
import { MINTS, TOKENS } from '../fixtures/plan.ts'
import { decodeText } from './assets.ts'
import { createDevWalletProvider } from './provider.ts'
import { memoryStorage } from './storage.ts'

const alice = DEV_ACCOUNTS[3] as (typeof DEV_ACCOUNTS)[0]

let devnet: Devnet
beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], fixtures: true, solana: false })
}, 120_000)
afterAll(() => devnet?.stop())

const wallet = (assets?: Record<number, Hex[]>) =>
  createDevWalletProvider({
    account: privateKeyToAccount(alice.privateKey),
    chains: Object.fromEntries(devnet.chains.map((c) => [c.chainId, c.rpcUrl])),
    chainId: 31337,
    storage: memoryStorage(),
    ...(assets && { assets }),
  })

describe('dev wallet asset discovery (EIP-5792 capability, EIP-7811 wallet_getAssets)', () => {
  it('reports assetDiscovery and answers with native and ERC-20 balances read through Multicall3', async () => {
    const tokens = devnet.fixtures?.[31337]?.tokens
    if (!tokens) throw new Error('no fixtures')
    const provider = wallet({ 31337: [tokens.PTT, tokens.USDC, tokens.JUNK] })
    await provider.request({ method: 'eth_requestAccounts' })
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [alice.address] })).toEqual({
      '0x7a69': { assetDiscovery: { supported: true } },
    })
    const answer = (await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: alice.address, chainFilter: ['0x7a69'] }],
    })) as Record<string, { address: string; balance: Hex; type: string; metadata: unknown }[]>
    const list = answer['0x7a69'] ?? []
    expect(list[0]).toMatchObject({
      address: 'native',
      type: 'native',
      metadata: { symbol: 'ETH', decimals: 18 },
    })
    const usdc = list.find((a) => a.address === tokens.USDC)
    expect(usdc).toEqual({
      address: tokens.USDC,
      type: 'erc20',
      balance: `0x${(BigInt(MINTS.USDC[3] ?? '0') * 10n ** 6n).toString(16)}`,
      metadata: { name: TOKENS.USDC.name, symbol: 'USDC', decimals: 6 },
    })
    expect(list.find((a) => a.address === tokens.JUNK)?.metadata).toEqual({
      name: 'Junk',
      symbol: 'JUNK',
      decimals: 0,
    })
    expect(list).toHaveLength(4)
    // Another chain filtered out: nothing for it.
    expect(
      await provider.request({
        method: 'wallet_getAssets',
        params: [{ account: alice.address, chainFilter: ['0x1'] }],
      }),
    ).toEqual({})
  }, 60_000)

  it('refuses another account and an unauthorised page', async () => {
    const tokens = devnet.fixtures?.[31337]?.tokens
    if (!tokens) throw new Error('no fixtures')
    const provider = wallet({ 31337: [tokens.PTT] })
    await expect(
      provider.request({ method: 'wallet_getAssets', params: [{ account: alice.address }] }),
    ).rejects.toMatchObject({ code: 4100 })
    await provider.request({ method: 'eth_requestAccounts' })
    await expect(
      provider.request({ method: 'wallet_getAssets', params: [{ account: DEV_ACCOUNTS[4]?.address }] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('without configured assets: neither method is supported (the kernel uses the balance service)', async () => {
    const provider = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [alice.address] }),
    ).rejects.toMatchObject({
      code: 4200,
    })
    await expect(
      provider.request({ method: 'wallet_getAssets', params: [{ account: alice.address }] }),
    ).rejects.toMatchObject({ code: 4200 })
  })
})

describe('decodeText (bytes32 symbol fallback)', () => {
  it('reads a string symbol, else a bytes32 one, else null', () => {
    expect(decodeText('symbol', encodeAbiParameters([{ type: 'string' }], ['USDC']))).toBe('USDC')
    expect(decodeText('symbol', stringToHex('MKR', { size: 32 }))).toBe('MKR')
    expect(decodeText('symbol', '0x')).toBeNull()
  })
})
