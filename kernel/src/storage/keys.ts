import type { ChainNamespace } from '@portico/shared-types'
import { CONNECTION_STATUS_KEY, RECENT_WALLETS_KEY } from './pageKeys.ts'

/** behaviour §3 browser-stored keys. One place names them all. */
export const STORAGE_KEYS = {
  emailLoginUsed: '@portico/email_login_used',
  email: '@portico/email',
  socialUsername: '@portico/social_username',
  lastEmailLoginTime: '@portico/last_email_login_time',
  lastUsedChain: '@portico/last_used_chain',
  smartAccountEnabledNetworks: '@portico/smart_account_enabled_networks',
  connectionStatus: CONNECTION_STATUS_KEY,
  activeNamespace: '@portico/active_namespace',
  activeCaipNetworkId: '@portico/active_caip_network_id',
  connectedSocial: '@portico/connected_social',
  connectedNamespaces: '@portico/connected_namespaces',
  recentWallets: RECENT_WALLETS_KEY,
  deepLinkChoice: '@portico/deeplink_choice',
  portfolioCache: '@portico/portfolio_cache',
  nativeBalanceCache: '@portico/native_balance_cache',
  nameServiceCache: '@portico/ens_cache',
  identityCache: '@portico/identity_cache',
  /** The active account for a server render (written only with a custom `storage`, e.g. cookieStorage). */
  accountSnapshot: '@portico/account',
  connectedConnectorId: (namespace: ChainNamespace) => `@portico/${namespace}:connected_connector_id`,
} as const
