/**
 * Nothing but a member of the "walletconnect" chunk group (./provider.ts and the SDK): importing it
 * fetches and installs the SDK's chunks without evaluating the SDK (no client, no relay socket), so
 * the import of ./provider.ts that follows, if WalletConnect is chosen, starts from the cache.
 */
export const SDK_CHUNK_GROUP = 'walletconnect'
