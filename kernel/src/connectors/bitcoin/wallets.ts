import type { Wallet } from '@wallet-standard/base'
import type { Kernel } from '../../kernel.ts'

/** Live Bitcoin Wallet Standard wallets by connector id, per modal (lazy bitcoin chunk). */
export const bitcoinWalletsByKernel = new WeakMap<Kernel, Map<string, Wallet>>()

/** The Bitcoin wallet behind a connector id. */
export const bitcoinWallet = (kernel: Kernel, connectorId: string): Wallet | undefined =>
  bitcoinWalletsByKernel.get(kernel)?.get(connectorId)
