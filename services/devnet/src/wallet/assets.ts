/**
 * The dev wallet's EIP-7811 wallet_getAssets, answered from the chain: the native balance and the
 * configured ERC-20s' balanceOf, decimals, symbol and name in one Multicall3 aggregate3 eth_call
 * (a bytes32 symbol/name read as the fallback of the string one).
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hexToString,
  multicall3Abi,
  parseAbi,
  toHex,
} from 'viem'

/** Multicall3's address on every chain (mds1/multicall3); the devnet installs it (fixtures/multicall3.ts). */
export const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

const bytes32Abi = parseAbi([
  'function symbol() view returns (bytes32)',
  'function name() view returns (bytes32)',
])

export interface WalletAsset {
  address: Address | 'native'
  balance: Hex
  type: 'native' | 'erc20'
  metadata: { name: string; symbol: string; decimals: number }
}

export type ChainCall = (method: string, params: unknown[]) => Promise<unknown>

const READS = ['balanceOf', 'decimals', 'symbol', 'name'] as const

/** A string result, else a bytes32 one (MKR-style tokens), else null. */
export function decodeText(fn: 'symbol' | 'name', data: Hex): string | null {
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: fn, data }) || null
  } catch {
    try {
      const raw = decodeFunctionResult({ abi: bytes32Abi, functionName: fn, data })
      return hexToString(raw, { size: 32 }).replace(/\0+$/, '') || null
    } catch {
      return null
    }
  }
}

/**
 * Native + ERC-20 assets of `owner`: ERC-20s with a zero balance or whose reads fail are left out.
 * `native` names the chain's currency.
 */
export async function readAssets(
  call: ChainCall,
  owner: Address,
  tokens: readonly Address[],
  native: { name: string; symbol: string; decimals: number } = { name: 'Ether', symbol: 'ETH', decimals: 18 },
): Promise<WalletAsset[]> {
  const balance = (await call('eth_getBalance', [owner, 'latest'])) as Hex
  const assets: WalletAsset[] = [
    { address: 'native', balance: toHex(BigInt(balance)), type: 'native', metadata: native },
  ]
  if (tokens.length === 0) return assets
  const calls = tokens.flatMap((target) =>
    READS.map((functionName) => ({
      target,
      allowFailure: true,
      callData:
        functionName === 'balanceOf'
          ? encodeFunctionData({ abi: erc20Abi, functionName, args: [owner] })
          : encodeFunctionData({ abi: erc20Abi, functionName }),
    })),
  )
  const data = (await call('eth_call', [
    {
      to: MULTICALL3,
      data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
    },
    'latest',
  ])) as Hex
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data })
  tokens.forEach((address, i) => {
    const [bal, dec, sym, nam] = results.slice(i * READS.length, (i + 1) * READS.length)
    if (!bal?.success || !dec?.success || !sym?.success) return
    try {
      const units = decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: bal.returnData })
      const decimals = decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: dec.returnData })
      const symbol = decodeText('symbol', sym.returnData)
      const name = (nam?.success ? decodeText('name', nam.returnData) : null) ?? symbol
      if (units === 0n || symbol === null || name === null) return
      assets.push({ address, balance: toHex(units), type: 'erc20', metadata: { name, symbol, decimals } })
    } catch {
      // Not an ERC-20 after all: left out.
    }
  })
  return assets
}
