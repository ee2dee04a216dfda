export {
  SOLANA_DEV_ACCOUNT_COUNT,
  SOLANA_DEV_ACCOUNTS,
  SOLANA_DEV_SEED_LABEL,
  type SolanaDevAccount,
} from './accounts.ts'
export { type Block, type SignatureStatus, SolanaChain } from './chain.ts'
export { keypairFromSecret, type SolanaKeypair, signEd25519, verifyEd25519 } from './keys.ts'
export { SOLANA_RPC_METHODS } from './methods.ts'
export {
  BLOCKHASH_VALID_BLOCKS,
  DEV_BALANCE_SOL,
  LAMPORTS_PER_SIGNATURE,
  LAMPORTS_PER_SOL,
  SOLANA_GENESIS_HASH,
  SOLANA_NETWORK_ID,
} from './network.ts'
export { type SolanaRpc, type SolanaRpcOptions, startSolanaRpc } from './server.ts'
