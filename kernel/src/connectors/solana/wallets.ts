/**
 * Solana Wallet Standard wallets: a wallet with `standard:connect` and a `solana:` chain is a Solana
 * connector (type ANNOUNCED, chain 'solana'), its id `walletStandard:solana:<name>`.
 */
import type { Connector } from '@portico/shared-types'
import type { Wallet } from '@wallet-standard/base'
import { caipNetworkIdOfWalletChain, isSolanaChain } from '../../chains/solana.ts'
import type { Kernel } from '../../kernel.ts'
import { hasFeature, WALLET_STANDARD_ID_PREFIX } from '../walletStandard/watchWallets.ts'

/** Live Solana wallets by connector id, per modal (objects with behaviour stay out of the store). */
export const solanaWalletsByKernel = new WeakMap<Kernel, Map<string, Wallet>>()

export const solanaConnectorId = (wallet: Pick<Wallet, 'name'>): string =>
  `${WALLET_STANDARD_ID_PREFIX}solana:${wallet.name}`

/** The wallet behind a Solana Wallet Standard connector. */
export const walletStandardWallet = (kernel: Kernel, connectorId: string): Wallet | undefined =>
  solanaWalletsByKernel.get(kernel)?.get(connectorId)

/** A Solana wallet: it can connect and names at least one Solana chain. */
export const isSolanaWallet = (wallet: Wallet): boolean =>
  hasFeature(wallet, 'standard:connect') && wallet.chains.some(isSolanaChain)

export function solanaConnector(wallet: Wallet): Connector {
  const chains = wallet.chains.flatMap((chain) => {
    const id = caipNetworkIdOfWalletChain(chain)
    return id ? [id] : []
  })
  return {
    id: solanaConnectorId(wallet),
    type: 'ANNOUNCED',
    name: wallet.name,
    ...(wallet.icon ? { imageUrl: wallet.icon } : {}),
    chain: 'solana',
    chains,
  }
}
