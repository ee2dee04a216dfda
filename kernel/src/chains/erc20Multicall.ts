/**
 * behaviour §7 Chain JSON-RPC: the ERC-20 balances of the tokens an app configured for a network
 * (`defineNetwork({ tokens })`), read client-side when the balance service cannot answer. Every
 * token's balanceOf, decimals and symbol go in ONE eth_call to Multicall3 aggregate3 (allowFailure
 * per call). The answers are hostile input: failed calls, decimals outside 0–255 (or 0: behaviour §3 low
 * quality), zero balances and unusable symbols drop the token; a symbol() answering bytes32 (old
 * tokens such as MKR) is decoded as text with its NULs trimmed. Part of the lazy eip155 chunk (viem).
 */
import type { CaipAddress, CaipNetworkId, Network, TokenBalance } from '@portico/shared-types'
import * as v from 'valibot'
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  hexToString,
  multicall3Abi,
  size,
} from 'viem'
import { DecimalsSchema } from '../api/quantity.ts'
import { ethCallOn } from './eip155Rpc.ts'
import { ChainError } from './errors.ts'

/** Multicall3's address on every chain (mds1/multicall3). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const
/** behaviour §9 multicall batch size: at most this many tokens are read per network. */
export const MAX_MULTICALL_TOKENS = 1024
/** Longest symbol kept; a longer one (or one empty after cleaning) drops the token. */
export const MAX_SYMBOL_LENGTH = 16

export type EthCall = (args: { to: Hex; data: Hex }) => Promise<Hex | undefined>

const TOKEN_ADDRESS = /^0x[0-9a-fA-F]{40}$/

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** The symbol from a symbol() answer: an ABI string, or else a bytes32 (NUL-padded text). */
export function decodeSymbol(data: Hex): string | undefined {
  let text: string | undefined
  try {
    text = decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data })
  } catch {
    if (size(data) === 32) text = hexToString(data)
  }
  const clean = text?.replace(CONTROL, '').trim()
  return clean && clean.length <= MAX_SYMBOL_LENGTH ? clean : undefined
}

/** The configured token list checked, deduplicated (by lowercase address) and bounded. */
export function tokenList(
  tokens: readonly unknown[] | undefined,
  onDrop: (message: string) => void = () => {},
): Hex[] {
  if (tokens && tokens.length > MAX_MULTICALL_TOKENS)
    onDrop(`at most ${MAX_MULTICALL_TOKENS} tokens are read; ${tokens.length - MAX_MULTICALL_TOKENS} skipped`)
  const seen = new Set<string>()
  const list: Hex[] = []
  for (const token of tokens ?? []) {
    if (typeof token !== 'string' || !TOKEN_ADDRESS.test(token)) {
      onDrop(`"${String(token).slice(0, 60)}" is not a 0x token address`)
      continue
    }
    const key = token.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    list.push(token as Hex)
    if (list.length === MAX_MULTICALL_TOKENS) break
  }
  return list
}

/** aggregate3 calldata: balanceOf(owner), decimals(), symbol() for each token, allowFailure true. */
export function encodeTokenReads(owner: Hex, tokens: readonly Hex[]): Hex {
  const calls = tokens.flatMap((target) => [
    {
      target,
      allowFailure: true,
      callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    },
    { target, allowFailure: true, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }) },
    { target, allowFailure: true, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }) },
  ])
  return encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] })
}

type Result = { success: boolean; returnData: Hex }

function readUint(data: Hex): bigint | undefined {
  if (size(data) !== 32) return undefined
  return BigInt(data)
}

/** Token balances from an aggregate3 answer to `encodeTokenReads(owner, tokens)`. */
export function decodeTokenReads(
  data: Hex,
  tokens: readonly Hex[],
  caipNetworkId: CaipNetworkId,
  onDrop: (message: string) => void = () => {},
): TokenBalance[] {
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data }) as
    | readonly Result[]
    | undefined
  if (!Array.isArray(results) || results.length !== tokens.length * 3)
    throw new ChainError('MULTICALL_MISMATCH', 'Multicall3 answered a different number of results')
  const balances: TokenBalance[] = []
  tokens.forEach((token, index) => {
    const [balanceOf, decimalsOf, symbolOf] = results.slice(index * 3, index * 3 + 3) as [
      Result,
      Result,
      Result,
    ]
    if (!balanceOf.success || !decimalsOf.success || !symbolOf.success) {
      onDrop(`${token}: a call failed`)
      return
    }
    const balance = readUint(balanceOf.returnData)
    const rawDecimals = readUint(decimalsOf.returnData)
    const decimals =
      rawDecimals !== undefined && rawDecimals <= 255n
        ? v.safeParse(DecimalsSchema, Number(rawDecimals))
        : undefined
    const symbol = decodeSymbol(symbolOf.returnData)
    if (balance === undefined || !decimals?.success || symbol === undefined) {
      onDrop(`${token}: malformed balance, decimals or symbol`)
      return
    }
    const places = Number(decimals.output)
    // behaviour §3: 0-decimal tokens are low quality; a zero balance is not held.
    if (places === 0 || balance === 0n) return
    balances.push({
      name: symbol,
      symbol,
      chainId: caipNetworkId,
      address: `${caipNetworkId}:${token}` as CaipAddress,
      price: 0,
      quantity: { decimals: String(places), numeric: formatUnits(balance, places) },
      iconUrl: '',
    })
  })
  return balances
}

/** The owner's balances of `tokens` in one eth_call to Multicall3 (throws when the call fails). */
export async function readErc20Balances(
  ethCall: EthCall,
  owner: string,
  tokens: readonly unknown[] | undefined,
  caipNetworkId: CaipNetworkId,
  onDrop?: (message: string) => void,
): Promise<TokenBalance[]> {
  const list = tokenList(tokens, onDrop)
  if (list.length === 0 || !TOKEN_ADDRESS.test(owner)) return []
  const data = await ethCall({ to: MULTICALL3_ADDRESS, data: encodeTokenReads(owner as Hex, list) })
  if (!data || data === '0x')
    throw new ChainError('MULTICALL_UNAVAILABLE', 'Multicall3 is not deployed on this network')
  return decodeTokenReads(data, list, caipNetworkId, onDrop)
}

/**
 * The account's balances of the ERC-20 tokens configured on the eip155 network (`tokens`), read on
 * the network's RPC; [] when none are configured or it has no RPC URL. Throws when the read fails.
 */
export function readNetworkErc20Balances(
  network: Network,
  address: string,
  onDrop?: (message: string) => void,
): Promise<TokenBalance[]> {
  const url = network.rpcUrls.default.http[0]
  if (!url || network.chainNamespace !== 'eip155' || !network.tokens?.length) return Promise.resolve([])
  return readErc20Balances(ethCallOn(url), address, network.tokens, network.caipNetworkId, onDrop)
}
