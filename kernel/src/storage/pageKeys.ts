/**
 * The keys the React binding reads in the page before the kernel body loads (keys.ts names every key;
 * these two are apart so the page carries only them): a connection to restore, recent wallets to list.
 */
export const CONNECTION_STATUS_KEY = '@portico/connection_status'
export const RECENT_WALLETS_KEY = '@portico/recent_wallets'
