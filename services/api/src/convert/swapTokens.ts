/**
 * The swap token list of a chain: its native token, then every token of the DEX's pools (WETH stands
 * for the native token and is not listed itself). Metadata and EIP-2612 support are read from the
 * chain once per process; a failed read is not kept, so the next call reads again.
 */
import type { CaipAddress } from '@portico/shared-types'
import { type Address, getAddress, parseAbi } from 'viem'
import type { ChainHandle } from '../chain/clients.ts'
import { readTokenMetadata } from '../chain/erc20.ts'
import { tokenIconUrl, UNVERIFIED_TOKEN_ICON_URL } from '../icons.ts'
import { NATIVE_ADDRESS } from '../tokens.ts'
import type { DexConfig } from './dexConfig.ts'

export interface SwapTokenInfo {
  /** 0xeeee…eeee for the native token. */
  address: Address
  native: boolean
  /** The address the router trades: WETH for the native token. */
  poolAddress: Address
  name: string
  symbol: string
  decimals: number
  eip2612: boolean
  /** eip155:<chainId>:<address> */
  caip: string
}

const permitAbi = parseAbi(['function DOMAIN_SEPARATOR() view returns (bytes32)'])
export const NATIVE: Address = getAddress(NATIVE_ADDRESS)

export function createSwapTokenLists() {
  const lists = new Map<number, Promise<SwapTokenInfo[]>>()
  return {
    get(handle: ChainHandle, dex: DexConfig): Promise<SwapTokenInfo[]> {
      let list = lists.get(handle.chainId)
      if (!list) {
        list = readList(handle, dex)
        lists.set(handle.chainId, list)
        list.catch(() => lists.delete(handle.chainId))
      }
      return list
    },
  }
}

export type SwapTokenLists = ReturnType<typeof createSwapTokenLists>

async function readList(handle: ChainHandle, dex: DexConfig): Promise<SwapTokenInfo[]> {
  const caip = (address: Address) => `eip155:${handle.chainId}:${address}`
  const seen = new Set<string>([dex.weth.toLowerCase()])
  const contracts: Address[] = []
  for (const pool of dex.pools)
    for (const token of [pool.tokenA, pool.tokenB])
      if (!seen.has(token.toLowerCase())) {
        seen.add(token.toLowerCase())
        contracts.push(token)
      }
  const read = await Promise.all(
    contracts.map(async (address) => {
      const [meta, eip2612] = await Promise.all([
        readTokenMetadata(handle.client, address),
        handle.client
          .readContract({ address, abi: permitAbi, functionName: 'DOMAIN_SEPARATOR' })
          .then(() => true)
          .catch(() => false),
      ])
      // Not cached: a chain that is down (or a pool token that is no token) fails this call only.
      if (meta.symbol === null || meta.decimals === null)
        throw new Error(`pool token ${address} has no symbol or decimals (chain down, or not an ERC-20?)`)
      const token: SwapTokenInfo = {
        address,
        native: false,
        poolAddress: address,
        name: meta.name ?? meta.symbol,
        symbol: meta.symbol,
        decimals: meta.decimals,
        eip2612,
        caip: caip(address),
      }
      return token
    }),
  )
  const native: SwapTokenInfo = {
    address: NATIVE,
    native: true,
    poolAddress: dex.weth,
    ...handle.native,
    eip2612: false,
    // lower case, as wallets and the fungible price route write it
    caip: `eip155:${handle.chainId}:${NATIVE_ADDRESS}`,
  }
  return [native, ...read]
}

/**
 * The GET /v1/convert/tokens item of a token. A pool token not on the network's token list gets the
 * neutral unverified icon: its symbol is its deployer's to choose, so a contract calling itself USDC
 * never carries the listed USDC's picture.
 */
export function swapTokenBody(token: SwapTokenInfo, listed: boolean) {
  return {
    name: token.name,
    symbol: token.symbol,
    address: token.caip as CaipAddress,
    decimals: token.decimals,
    logoUri: token.native || listed ? tokenIconUrl(token.symbol) : UNVERIFIED_TOKEN_ICON_URL,
    eip2612: token.eip2612,
  }
}
