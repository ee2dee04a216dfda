/** A Wallet Standard chain of Solana (apart from solana.ts: the page's first paint lists Solana wallets). */
export const isSolanaChain = (chain: string): boolean => chain.startsWith('solana:')
