/**
 * Wallet Standard discovery of Bitcoin wallets (lazy bitcoin chunk, loaded only when the app requests
 * a bip122 network): a wallet with `bitcoin:connect` naming a bitcoin-wallet-standard chain becomes a
 * connector (type ANNOUNCED, chain 'bip122'), its id `walletStandard:bitcoin:<name>`.
 */
import type { CaipNetworkId, Connector } from '@portico/shared-types'
import type { Wallet } from '@wallet-standard/base'
import { BITCOIN_WALLET_CHAINS, isBitcoinWalletChain } from '../../chains/bitcoinChains.ts'
import { UnsupportedProviderMethodError } from '../../errors/rpc.ts'
import type { ConnectorContext } from '../kind.ts'
import {
  WALLET_STANDARD_ID_PREFIX,
  type WalletStandardRegistry,
  watchWallets,
} from '../walletStandard/watchWallets.ts'
import { disconnectBitcoinWallet, signBitcoinPsbt } from './features.ts'
import { bitcoinWalletsByKernel } from './wallets.ts'

const NAMESPACE = 'bip122'

export const bitcoinConnectorId = (wallet: Pick<Wallet, 'name'>): string =>
  `${WALLET_STANDARD_ID_PREFIX}bitcoin:${wallet.name}`

export const isBitcoinWallet = (wallet: Wallet): boolean =>
  typeof wallet?.name === 'string' &&
  typeof wallet.features === 'object' &&
  wallet.features !== null &&
  'bitcoin:connect' in wallet.features &&
  Array.isArray(wallet.chains) &&
  wallet.chains.some(isBitcoinWalletChain)

export function bitcoinConnector(wallet: Wallet): Connector {
  return {
    id: bitcoinConnectorId(wallet),
    type: 'ANNOUNCED',
    name: wallet.name,
    ...(typeof wallet.icon === 'string' && wallet.icon.startsWith('data:image/')
      ? { imageUrl: wallet.icon }
      : {}),
    chain: NAMESPACE,
    chains: wallet.chains.flatMap((chain): CaipNetworkId[] => {
      const id = BITCOIN_WALLET_CHAINS[chain]
      return id ? [id] : []
    }),
  }
}

/** Keeps the Bitcoin connectors current as wallets register and unregister; returns the stop function. */
export function startBitcoinDiscovery(
  { kernel, report }: ConnectorContext,
  wallets: WalletStandardRegistry,
): () => void {
  return watchWallets(kernel, wallets, {
    byKernel: bitcoinWalletsByKernel,
    accepts: isBitcoinWallet,
    idOf: bitcoinConnectorId,
    connector: bitcoinConnector,
    // Signing goes through the bitcoin body (the Wallet Standard features), not EIP-1193 requests;
    // wallet_revokePermissions becomes standard:disconnect.
    provider: (id) => ({
      request: async ({ method, params }) => {
        if (method === 'wallet_revokePermissions') return disconnectBitcoinWallet(kernel, id)
        if (method === 'bitcoin_signPsbt') return signBitcoinPsbt(kernel, id, params)
        throw new UnsupportedProviderMethodError(`The Bitcoin wallet does not answer ${String(method)}`)
      },
    }),
    // The connected wallet went away: its account ends, any other namespace's stays.
    removed: (id) => {
      if (kernel.store.get().accounts[NAMESPACE]?.connectorId === id) report.end(NAMESPACE)
    },
  })
}
