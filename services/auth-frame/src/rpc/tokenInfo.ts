/**
 * A token's symbol and decimals as its contract reports them, for the approval's rows. Both are only
 * hints: the token is always named by its contract address beside them, and the symbol is third-party
 * text (cleaned). Each DESCRIBE_REQUEST reads through one reader: a contract is read once however many
 * rows name it, and at most MAX_TOKEN_READS contracts are read (a batch naming hundreds of contracts
 * gets the rest by address alone).
 */
import { type Address, createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import type { FrameChain } from '../config.ts'
import { cleanText } from './text.ts'

export interface TokenInfo {
  symbol?: string
  decimals?: number
}

export type TokenReader = (token: Address) => Promise<TokenInfo>

const TOKEN_READ_TIMEOUT_MS = 3_000
export const MAX_TOKEN_READS = 20
const MAX_SYMBOL_CHARS = 16

/** A reader for one request; without a chain (Solana, tests) every token is unknown. */
export function tokenReader(chain: FrameChain | undefined): TokenReader {
  const read = new Map<string, Promise<TokenInfo>>()
  return (token) => {
    const key = token.toLowerCase()
    let info = read.get(key)
    if (!info) {
      info = chain && read.size < MAX_TOKEN_READS ? readToken(chain, token) : Promise.resolve({})
      read.set(key, info)
    }
    return info
  }
}

async function readToken(chain: FrameChain, token: Address): Promise<TokenInfo> {
  const client = createPublicClient({
    transport: http(chain.rpcUrl, { retryCount: 0, timeout: TOKEN_READ_TIMEOUT_MS }),
  })
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }).catch(() => undefined),
    client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }).catch(() => undefined),
  ])
  // One line: a symbol holding a newline could otherwise add a line of its own ("contract 0x<another>").
  const shown =
    typeof symbol === 'string' ? cleanText(symbol.replace(/\s+/g, ' '), MAX_SYMBOL_CHARS).trim() : ''
  return {
    ...(shown && { symbol: shown }),
    ...(typeof decimals === 'number' && decimals <= 255 && { decimals }),
  }
}

/** An amount in whole tokens when the decimals are known, else the raw integer said to be one. */
export const tokenAmount = (amount: bigint, info: TokenInfo) =>
  info.decimals === undefined ? `${amount} (raw units)` : formatUnits(amount, info.decimals)

/** The token as a row names it: always its contract, the symbol only beside it. */
export const tokenLabel = (token: Address, info: TokenInfo) =>
  info.symbol ? `${info.symbol} · contract ${token}` : `contract ${token}`
