export type * from '@portico/shared-types'
export { definePlugin, PLUGIN_API_VERSION } from '@portico/shared-types'
export { BUILT_IN_NETWORKS } from './chains/catalogue.ts'
export { defineNetwork } from './chains/defineNetwork.ts'
export { formatBalance, formatFiat, truncateAddress } from './chains/format.ts'
export { createModal, type ModalHandle } from './createModal.ts'
export { ProviderRpcError, RPC_ERROR_CODES } from './requests/errors.ts'
export {
  ALLOWED_METHODS,
  EXTERNAL_WALLET_METHODS,
  FORBIDDEN_METHODS,
  isMethodAllowed,
  isUnsafeMethod,
  SAFE_METHODS,
  UNSAFE_METHODS,
} from './requests/policy.ts'
export type { PorticoEip1193Provider, ProviderEvent } from './requests/provider.ts'
export {
  type CookieStorageOptions,
  cookieStorage,
  cookieToInitialState,
  createCookieStorage,
  type PorticoInitialState,
} from './storage/cookie.ts'
export type { StorageBackend } from './storage/storage.ts'
