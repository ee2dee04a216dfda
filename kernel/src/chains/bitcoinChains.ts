/**
 * Bitcoin (bip122) names without any hashing, for discovery and the wallet features: Wallet Standard
 * chain names ↔ CAIP-2 ids, each network's bech32 prefix, and a realm-proof bytes check.
 */
import type { CaipNetworkId, Network } from '@portico/shared-types'

/** bitcoin-wallet-standard chain names → CAIP-2 (genesis block hash prefixes). */
export const BITCOIN_WALLET_CHAINS: Readonly<Record<string, CaipNetworkId>> = {
  'bitcoin:mainnet': 'bip122:000000000019d6689c085ae165831e93',
  'bitcoin:testnet': 'bip122:000000000933ea01ad0ee984209779ba',
  'bitcoin:regtest': 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
}

/** The bech32 prefix of a network, from the addresses its wallets use; unknown networks take any. */
export const BECH32_PREFIXES: Readonly<Record<string, string>> = {
  [BITCOIN_WALLET_CHAINS['bitcoin:mainnet'] as string]: 'bc',
  [BITCOIN_WALLET_CHAINS['bitcoin:testnet'] as string]: 'tb',
  // bcoin's regtest (the devnet) writes rb1…; Bitcoin Core's writes bcrt1…
  [BITCOIN_WALLET_CHAINS['bitcoin:regtest'] as string]: 'rb',
}

export const isBitcoinWalletChain = (chain: unknown): boolean =>
  typeof chain === 'string' && chain in BITCOIN_WALLET_CHAINS

/** The wallet chain of a bip122 network, when the wallet names it. */
export function walletChainOf(network: Network, walletChains: readonly string[]): string | undefined {
  return walletChains.find((chain) => BITCOIN_WALLET_CHAINS[chain] === network.caipNetworkId)
}

/** Bytes from any realm (a wallet's Uint8Array may come from another frame's constructor). */
export const isBytes = (value: unknown): value is Uint8Array =>
  ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]'
