/**
 * Hostile review 11: ERC-20 names and symbols with bidi overrides, zero-width and combining characters
 * went to balance and history answers as they were, and a contract calling itself USDC got the listed
 * USDC's icon. Tokens not on the token list are now marked as such.
 */
import { createRequire } from 'node:module'
import type { Devnet } from '@portico/devnet'
import type { TokenBalance } from '@portico/shared-types'
import type { BalanceResponse, HistoryResponse } from '@portico/shared-types/api'
import { type Abi, type Address, getAddress, type Hex, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNVERIFIED_TOKEN_ICON_URL } from '../src/icons.ts'
import type { ApiServer } from '../src/index.ts'
import { startApi } from '../src/index.ts'
import {
  blockNumber,
  chainClients,
  getJson,
  PROJECT,
  sendToken,
  startApiOverDevnet,
  tempDir,
  waitIndexed,
} from './helpers.ts'

const require = createRequire(import.meta.url)
const preset = require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as {
  abi: Abi
  bytecode: Hex
}

/** Format characters, bidi controls, separators, blank letters: none may reach an answer. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}\u3164\u115f\u1160\uffa0]/u
const MARK_PILE = /\p{M}{4,}/u

let stack: Awaited<ReturnType<typeof startApiOverDevnet>>
let devnet: Devnet
let api: ApiServer
let rpcUrl: string
const victim = privateKeyToAccount(generatePrivateKey()).address
const tokens: Record<'bidi' | 'zalgo' | 'impostor', Address> = {} as never

async function deploy(name: string, symbol: string): Promise<Address> {
  const { wallet, publicClient } = chainClients(31337, rpcUrl, devnet.accounts[7]?.privateKey ?? '0x')
  if (!wallet) throw new Error('no wallet')
  const hash = await wallet.deployContract({
    abi: preset.abi,
    bytecode: preset.bytecode,
    args: [name, symbol],
  })
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (!contractAddress) throw new Error('not deployed')
  const mint = await wallet.writeContract({
    address: contractAddress,
    abi: preset.abi,
    functionName: 'mint',
    args: [victim, parseEther('5')],
  })
  await publicClient.waitForTransactionReceipt({ hash: mint, pollingInterval: 20 })
  return getAddress(contractAddress)
}

beforeAll(async () => {
  stack = await startApiOverDevnet('portico-api-token-text-hostile-', { pollMs: 50 })
  ;({ devnet, api } = stack)
  rpcUrl = devnet.chains.find((c) => c.chainId === 31337)?.rpcUrl ?? ''
  // "U‮CDSU" shows as "USDC" in a right-to-left override; the zero-width space hides in "US​DC".
  tokens.bidi = await deploy('USD\u202e nioC\u202c\u200b\u2066', 'U\u202eCDSU\u202c\u200b')
  tokens.zalgo = await deploy(`U${'\u0336'.repeat(40)}SDC\u3164`, `U${'\u0301'.repeat(30)}SDC`)
  tokens.impostor = await deploy('Test USD Coin', 'USDC')
  const usdc = devnet.fixtures?.[31337]?.tokens.USDC as Address
  await sendToken(rpcUrl, 31337, devnet.accounts[0]?.privateKey ?? '0x', usdc, victim, parseUnits('3', 6))
  await waitIndexed(api.url, { 31337: await blockNumber(rpcUrl) })
}, 120_000)

afterAll(() => stack?.stop())

const byAddress = (balances: TokenBalance[], address: Address) =>
  balances.find((b) => b.address === `eip155:31337:${address}`)

describe('third-party token texts in API answers', () => {
  it('balance: no invisible or reordering characters; unlisted tokens say verified: false with a neutral icon', async () => {
    const force = Object.values(tokens)
      .map((a) => `eip155:31337:${a}`)
      .join(',')
    const { status, body } = await getJson<BalanceResponse>(
      `${api.url}/v1/account/${victim}/balance?projectId=${PROJECT}&chainId=eip155:31337&forceUpdate=${force}`,
    )
    expect(status).toBe(200)
    for (const b of body.balances) {
      expect(b.name).not.toMatch(INVISIBLE)
      expect(b.symbol).not.toMatch(INVISIBLE)
      expect(b.name).not.toMatch(MARK_PILE)
      expect(b.symbol).not.toMatch(MARK_PILE)
    }
    expect(byAddress(body.balances, tokens.bidi)).toMatchObject({ symbol: 'UCDSU', name: 'USD nioC' })
    const listed = body.balances.find((b) => b.symbol === 'USDC' && b.verified === true)
    const impostor = byAddress(body.balances, tokens.impostor)
    expect(listed?.price).toBe(1)
    expect(impostor).toMatchObject({ symbol: 'USDC', verified: false, price: 0 })
    // Never the listed token's icon: every unlisted token gets the same neutral one.
    expect(impostor?.iconUrl).not.toBe(listed?.iconUrl)
    for (const t of Object.values(tokens)) {
      expect(byAddress(body.balances, t)).toMatchObject({
        verified: false,
        iconUrl: UNVERIFIED_TOKEN_ICON_URL,
      })
    }
    // The native token is listed by configuration.
    expect(body.balances.find((b) => b.address === undefined)?.verified).toBe(true)
  })

  it('history: the same texts, cleaned, with flags.verified', async () => {
    const { body } = await getJson<HistoryResponse>(
      `${api.url}/v1/account/${victim}/history?projectId=${PROJECT}`,
    )
    const transfers = body.data.flatMap((item) => item.transfers)
    expect(transfers.length).toBeGreaterThanOrEqual(4)
    for (const t of transfers) {
      const info = t.fungible_info
      expect(info?.name ?? '').not.toMatch(INVISIBLE)
      expect(info?.symbol ?? '').not.toMatch(INVISIBLE)
      expect(info?.name ?? '').not.toMatch(MARK_PILE)
      expect(info?.symbol ?? '').not.toMatch(MARK_PILE)
    }
    const usdc = transfers.filter((t) => t.fungible_info?.symbol === 'USDC')
    expect(usdc.map((t) => t.fungible_info?.flags?.verified).sort()).toEqual([false, true])
    const impostor = usdc.find((t) => t.fungible_info?.flags?.verified === false)
    expect(impostor?.fungible_info?.icon?.url).toBe(UNVERIFIED_TOKEN_ICON_URL)
    expect(transfers.some((t) => t.fungible_info?.symbol === 'UCDSU')).toBe(true)
  })

  it("swap token list: a pool token off the token list never carries the listed symbol's icon", async () => {
    const fixtures = devnet.fixtures?.[31337]
    if (!fixtures?.dex) throw new Error('no devnet DEX')
    // An operator's DEX whose pools hold a contract calling itself USDC (the pair address is never read).
    const dex = {
      ...fixtures.dex,
      pairs: [
        ...fixtures.dex.pairs,
        { name: 'ETH/USDC?', tokenA: fixtures.dex.weth, tokenB: tokens.impostor, pair: tokens.impostor },
      ],
    }
    const dir = tempDir('portico-api-swap-impostor-')
    const other = await startApi({
      port: 0,
      chains: [{ chainId: 31337, rpcUrl }],
      database: { kind: 'sqlite', file: `${dir.dir}/api.sqlite` },
      fixtures: { 31337: { ...fixtures, dex } },
      indexer: { enabled: false },
      logLevel: 'silent',
    })
    try {
      const { status, body } = await getJson<{
        tokens: { symbol: string; address: string; logoUri: string }[]
      }>(`${other.url}/v1/convert/tokens?projectId=${PROJECT}&st=portico&sv=1.7.0&chainId=eip155:31337`)
      expect(status).toBe(200)
      const impostor = body.tokens.find((t) => t.address === `eip155:31337:${tokens.impostor}`)
      const listed = body.tokens.find(
        (t) => t.address === `eip155:31337:${getAddress(fixtures.tokens.USDC as Address)}`,
      )
      expect(impostor?.symbol).toBe('USDC')
      expect(impostor?.logoUri).toBe(UNVERIFIED_TOKEN_ICON_URL)
      expect(listed?.logoUri).toBeDefined()
      expect(listed?.logoUri).not.toBe(UNVERIFIED_TOKEN_ICON_URL)
    } finally {
      await other.close()
      dir.remove()
    }
  })
})
