export { announceProvider, DEV_WALLET_INFO, type ProviderInfo, randomUuid } from './announce.ts'
export type { BitcoinDevWalletConfig } from './bitcoin/config.ts'
export { messageHash as bitcoinMessageHash, signBitcoinMessage, signPsbtInputs } from './bitcoin/sign.ts'
export {
  BITCOIN_REGTEST_CHAIN,
  BitcoinDevWallet,
  type BitcoinDevWalletFeatures,
  type BitcoinDevWalletOptions,
  createBitcoinDevWallet,
} from './bitcoin/wallet.ts'
export {
  CONFIG_GLOBAL,
  type DevWalletConfig,
  type ParsedDevWalletConfig,
  parseDevWalletConfig,
} from './config.ts'
export { ErrorCode, ProviderRpcError } from './errors.ts'
export {
  createDevWalletProvider,
  type DevWalletOptions,
  DevWalletProvider,
  type Permission,
  type RequestArguments,
} from './provider.ts'
export { APPROVAL_METHODS, type RejectionConfig, rejectionPolicy } from './rejection.ts'
export { addressOfPrivateKey, type DevSigner, lazyPrivateKeyAccount } from './signer.ts'
export type { SolanaDevWalletConfig } from './solana/config.ts'
export { signTransactionBytes } from './solana/sign.ts'
export {
  createSolanaDevWallet,
  SolanaDevWallet,
  type SolanaDevWalletFeatures,
  type SolanaDevWalletOptions,
} from './solana/wallet.ts'
export { memoryStorage, STORAGE_KEYS, type WalletStorage } from './storage.ts'
