// @vitest-environment node
import { type AnvilProcess, ensureMulticall3, startAnvil } from '@portico/devnet'
import { createClient, type Hex, http, numberToHex, pad } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bytes32, text, tokenCode, uint } from '../../test/chains/erc20Testing.ts'
import { ethCallOn } from './eip155Rpc.ts'
import { decodeSymbol, MAX_MULTICALL_TOKENS, readErc20Balances, tokenList } from './erc20Multicall.ts'

const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NETWORK = 'eip155:31337' as const

let anvil: AnvilProcess
let call: ReturnType<typeof ethCallOn>
let next = 0x1000
async function token(answers: Parameters<typeof tokenCode>[0]): Promise<Hex> {
  next += 1
  const address = pad(numberToHex(next), { size: 20 })
  const client = createClient({ transport: http(anvil.rpcUrl) })
  await client.request({ method: 'anvil_setCode', params: [address, tokenCode(answers)] } as never)
  return address
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  await ensureMulticall3(anvil.rpcUrl)
  call = ethCallOn(anvil.rpcUrl)
})
afterAll(async () => {
  await anvil?.stop()
})

describe('ERC-20 reads through Multicall3 aggregate3 (behaviour §7) on a real anvil', () => {
  it('reads balance, decimals and symbol, the bytes32 symbol as fallback, and drops hostile tokens', async () => {
    const usdc = await token({ balanceOf: uint(1_500_000n), decimals: uint(6n), symbol: text('USDC') })
    const mkr = await token({ balanceOf: uint(2n * 10n ** 18n), decimals: uint(18n), symbol: bytes32('MKR') })
    const hugeDecimals = await token({
      balanceOf: uint(1n),
      decimals: uint(1_000_000_000n),
      symbol: text('BIG'),
    })
    const longSymbol = await token({
      balanceOf: uint(1n),
      decimals: uint(18n),
      symbol: text('X'.repeat(10_240)),
    })
    const zeroDecimals = await token({ balanceOf: uint(5n), decimals: uint(0n), symbol: text('JUNK') })
    const noSymbol = await token({ balanceOf: uint(5n), decimals: uint(18n) })
    const empty = await token({ balanceOf: uint(0n), decimals: uint(18n), symbol: text('NONE') })
    const noCode = pad('0xdead', { size: 20 })
    const dropped: string[] = []
    const tokens = [usdc, mkr, hugeDecimals, longSymbol, zeroDecimals, noSymbol, empty, noCode]
    const balances = await readErc20Balances(call, OWNER, tokens, NETWORK, (m) => dropped.push(m))
    expect(balances).toEqual([
      {
        name: 'USDC',
        symbol: 'USDC',
        chainId: NETWORK,
        address: `${NETWORK}:${usdc}`,
        price: 0,
        quantity: { decimals: '6', numeric: '1.5' },
        iconUrl: '',
      },
      {
        name: 'MKR',
        symbol: 'MKR',
        chainId: NETWORK,
        address: `${NETWORK}:${mkr}`,
        price: 0,
        quantity: { decimals: '18', numeric: '2' },
        iconUrl: '',
      },
    ])
    // Hostile decimals, the 10 KB symbol, the token without symbol() and the address without code.
    expect(dropped).toHaveLength(4)
    expect(dropped.join('\n')).toContain(hugeDecimals)
    expect(dropped.join('\n')).toContain(longSymbol)
  })

  it('answers [] without a call when no token is configured, and throws when Multicall3 is missing', async () => {
    expect(await readErc20Balances(call, OWNER, [], NETWORK)).toEqual([])
    const bare = await startAnvil({ chainId: 31338, port: 0 })
    try {
      await expect(readErc20Balances(ethCallOn(bare.rpcUrl), OWNER, [OWNER], NETWORK)).rejects.toThrow(
        /Multicall3/,
      )
    } finally {
      await bare.stop()
    }
  })
})

describe('token list and symbol rules', () => {
  it('skips malformed and repeated addresses and bounds the list to 1024 tokens', () => {
    const dropped: string[] = []
    const many = Array.from({ length: 1030 }, (_, i) => pad(numberToHex(i + 1), { size: 20 }))
    expect(tokenList([...many], (m) => dropped.push(m))).toHaveLength(MAX_MULTICALL_TOKENS)
    expect(dropped[0]).toContain('6 skipped')
    const a = pad('0xab', { size: 20 })
    expect(tokenList([a, a.toUpperCase().replace('0X', '0x'), 'vitalik.eth', 42, '0x12'])).toEqual([a])
  })

  it('decodes an ABI string, a NUL-padded bytes32, and refuses empty or control-only symbols', () => {
    expect(decodeSymbol(text('DAI'))).toBe('DAI')
    expect(decodeSymbol(bytes32('MKR'))).toBe('MKR')
    expect(decodeSymbol(bytes32(''))).toBeUndefined()
    expect(decodeSymbol(text('\u202e\u0000'))).toBeUndefined()
    expect(decodeSymbol('0x1234')).toBeUndefined()
  })
})
