export { announceProvider, DEV_WALLET_INFO, type ProviderInfo, randomUuid } from './announce.ts'
export { CONFIG_GLOBAL, type DevWalletConfig, parseDevWalletConfig } from './config.ts'
export { ErrorCode, ProviderRpcError } from './errors.ts'
export {
  createDevWalletProvider,
  type DevWalletOptions,
  DevWalletProvider,
  type Permission,
  type RequestArguments,
} from './provider.ts'
export { APPROVAL_METHODS, type RejectionConfig, rejectionPolicy } from './rejection.ts'
export { memoryStorage, STORAGE_KEYS, type WalletStorage } from './storage.ts'
