/**
 * The solana account code (connect, restore, wallet events, signing, the Wallet Standard request
 * mapping) is one lazy chunk with the Solana RPC: an app only pays for it once a Solana wallet is
 * chosen, restored or asked to sign. Discovery (listing Solana wallets) stays eager and small.
 */
let session: Promise<typeof import('./solanaSession.ts')> | undefined
let provider: Promise<typeof import('../connectors/walletStandardProvider.ts')> | undefined

export const loadSolanaSession = () => {
  session ??= import(/* webpackChunkName: "solana" */ './solanaSession.ts')
  return session
}

export const loadSolanaProvider = () => {
  provider ??= import(/* webpackChunkName: "solana" */ '../connectors/walletStandardProvider.ts')
  return provider
}
