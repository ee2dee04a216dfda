import { type Address, erc20Abi, hexToString, type PublicClient, parseAbi } from 'viem'
import { tokenName, tokenSymbol } from '../displayText.ts'

const bytes32Abi = parseAbi([
  'function symbol() view returns (bytes32)',
  'function name() view returns (bytes32)',
])

export interface TokenMetadata {
  name: string | null
  symbol: string | null
  decimals: number | null
}

/**
 * name, symbol (bytes32 read as a fallback) and decimals; each null where the contract has none.
 * The contract's texts come out as display text (displayText.ts): invisible and bidi characters
 * removed, bounded; null when nothing visible is left.
 */
export async function readTokenMetadata(client: PublicClient, address: Address): Promise<TokenMetadata> {
  const [name, symbol, decimals] = await Promise.all([
    readText(client, address, 'name'),
    readText(client, address, 'symbol'),
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }).catch(() => null),
  ])
  return { name: tokenName(name), symbol: tokenSymbol(symbol), decimals }
}

async function readText(
  client: PublicClient,
  address: Address,
  fn: 'name' | 'symbol',
): Promise<string | null> {
  try {
    return await client.readContract({ address, abi: erc20Abi, functionName: fn })
  } catch {
    try {
      const raw = await client.readContract({ address, abi: bytes32Abi, functionName: fn })
      return hexToString(raw, { size: 32 }).replace(/\0+$/, '') || null
    } catch {
      return null
    }
  }
}

/**
 * ERC-20 balances of one owner, in the order of `tokens`, null where the call failed (not a token,
 * reverted); all calls go out as one batch.
 */
export function readTokenBalances(
  client: PublicClient,
  owner: Address,
  tokens: Address[],
): Promise<(bigint | null)[]> {
  return Promise.all(
    tokens.map((address) =>
      client
        .readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
        .catch(() => null),
    ),
  )
}
