/** The solana adapter (docs/architecture.md, Repository map: chains/): networks as wallets name them, balances, units. */
import type { CaipNetworkId, Network } from '@portico/shared-types'
import { ChainError } from './errors.ts'
import { isSolanaChain } from './solanaChain.ts'

let rpc: Promise<typeof import('./solanaRpc.ts')> | undefined

/** The Solana RPC library loads only when a solana action first runs. */
const loadRpc = () => {
  rpc ??= import(/* webpackChunkName: "solana" */ './solanaRpc.ts')
  return rpc
}

/**
 * Wallet Standard names the public clusters `solana:mainnet`, `solana:devnet`, `solana:testnet`;
 * CAIP-2 names them by their genesis hash prefix (the ids of BUILT_IN_NETWORKS). Both mean the same.
 */
export const SOLANA_WALLET_CHAIN_ALIASES: Readonly<Record<string, CaipNetworkId>> = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

export { isSolanaChain }

/** A wallet's chain identifier as a CAIP-2 network id. */
export function caipNetworkIdOfWalletChain(chain: string): CaipNetworkId | undefined {
  if (!isSolanaChain(chain)) return undefined
  return SOLANA_WALLET_CHAIN_ALIASES[chain] ?? (chain as CaipNetworkId)
}

/** The identifier under which a wallet (with these chains) knows `network`, if it supports it. */
export function walletChainFor(network: Network, walletChains: readonly string[]): string | undefined {
  return walletChains.find((chain) => caipNetworkIdOfWalletChain(chain) === network.caipNetworkId)
}

/** The requested network a wallet should connect on: the preferred one when it supports it. */
export function pickSolanaNetwork(
  requested: readonly Network[],
  preferred: Network | undefined,
  walletChains: readonly string[],
): Network | undefined {
  if (preferred && walletChainFor(preferred, walletChains)) return preferred
  return requested.find((network) => walletChainFor(network, walletChains))
}

/** `value` in base units as a decimal string with `decimals` places (trailing zeros dropped). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/** The native (SOL) balance as a decimal string: getBalance in lamports, 9 decimals. */
export async function fetchSolanaBalance(network: Network, address: string): Promise<string> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new ChainError('NO_RPC_URL', `Network ${network.name} has no RPC URL`)
  const { readLamports } = await loadRpc()
  return formatUnits(await readLamports(url, address), network.nativeCurrency.decimals)
}
