import type { CaipNetworkId, Network } from '@portico/shared-types'
import { defineNetwork } from './defineNetwork.ts'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/** behaviour §3 built-in networks. Their default RPCs are public hosts: apps running offline pass their own. */
export const BUILT_IN_NETWORKS = {
  mainnet: defineNetwork({
    id: 1,
    chainNamespace: 'eip155',
    name: 'Ethereum',
    nativeCurrency: ETH,
    rpcUrl: 'https://eth.merkle.io',
    explorer: { name: 'Etherscan', url: 'https://etherscan.io' },
  }),
  arbitrum: defineNetwork({
    id: 42161,
    chainNamespace: 'eip155',
    name: 'Arbitrum One',
    nativeCurrency: ETH,
    rpcUrl: 'https://arb1.arbitrum.io/rpc',
    explorer: { name: 'Arbiscan', url: 'https://arbiscan.io' },
  }),
  solana: defineNetwork({
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    chainNamespace: 'solana',
    name: 'Solana',
    nativeCurrency: SOL,
    rpcUrl: 'https://api.mainnet-beta.solana.com',
  }),
  solanaDevnet: defineNetwork({
    id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    chainNamespace: 'solana',
    name: 'Solana Devnet',
    nativeCurrency: SOL,
    rpcUrl: 'https://api.devnet.solana.com',
    testnet: true,
  }),
  solanaTestnet: defineNetwork({
    id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    chainNamespace: 'solana',
    name: 'Solana Testnet',
    nativeCurrency: SOL,
    rpcUrl: 'https://api.testnet.solana.com',
    testnet: true,
  }),
  bitcoin: defineNetwork({
    id: '000000000019d6689c085ae165831e93',
    chainNamespace: 'bip122',
    name: 'Bitcoin',
    nativeCurrency: BTC,
    rpcUrl: 'https://rpc.walletconnect.org/v1',
  }),
  bitcoinTestnet: defineNetwork({
    id: '000000000933ea01ad0ee984209779ba',
    chainNamespace: 'bip122',
    name: 'Bitcoin Testnet',
    nativeCurrency: BTC,
    rpcUrl: 'https://rpc.walletconnect.org/v1',
    testnet: true,
  }),
} as const

/** behaviour §5: a network is supported if the requested list is empty or contains it. */
export const isNetworkSupported = (requested: readonly Network[], caipNetworkId: CaipNetworkId): boolean =>
  requested.length === 0 || requested.some((network) => network.caipNetworkId === caipNetworkId)
