/** Shared fixtures of the send plugin's tests: the accounts, tokens, a scripted wallet and gas API. */

import type { Eip1193Provider, TokenBalance } from '@portico/shared-types'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { decodeFunctionData, erc20Abi } from 'viem'
import { vi } from 'vitest'

export const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const SOL_ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
export const USDC_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

export const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 3000,
  value: 3000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}
export const USDC: TokenBalance = {
  name: 'Test USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: `eip155:31337:${USDC_CONTRACT}`,
  price: 1,
  value: 500,
  quantity: { decimals: '6', numeric: '500' },
  iconUrl: '',
}

/** viem, independently of the helpers, reads the calldata back. */
export const transferOf = (data: `0x${string}` | undefined) =>
  data ? decodeFunctionData({ abi: erc20Abi, data }) : undefined

export function wallet(balanceWei: bigint, overrides: Record<string, unknown> = {}) {
  const request = vi.fn(async ({ method }: { method: string }) => {
    if (method in overrides) {
      const answer = overrides[method]
      if (answer instanceof Error) throw answer
      return answer
    }
    if (method === 'eth_estimateGas') return '0xea60' // 60 000
    if (method === 'eth_getBalance') return `0x${balanceWei.toString(16)}`
    if (method === 'eth_gasPrice') return '0x3b9aca00'
    // A transaction hash as wallets answer it (sendCalls checks the form).
    if (method === 'eth_sendTransaction') return `0x${'ab'.repeat(32)}`
    if (method === 'eth_getTransactionReceipt') return { status: '0x1' }
    throw new Error(`unexpected ${method}`)
  })
  return { request } as Eip1193Provider & { request: typeof request }
}

export const gasApi = (gwei: number) =>
  ({
    fetchGasPrice: vi.fn(async () => ({ standard: String(gwei * 1e9), fast: '0', instant: '0' })),
    fetchPrices: vi.fn(async () => ({ fungibles: [] })),
  }) as unknown as BlockchainApiClient
