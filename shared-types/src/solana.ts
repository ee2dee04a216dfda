/**
 * The Solana JSON-RPC methods a connected Solana wallet answers through `request` (the WalletConnect
 * Solana method names and encodings: messages base58, transactions base64, signatures base58).
 * The kernel maps them onto the wallet's Wallet Standard features.
 */

/** behaviour §5: Solana message signing needs message and pubkey. */
export interface SolanaSignMessageParams {
  /** The message bytes, base58. */
  message: string
  /** The signing account's address (base58); must be the connected account. */
  pubkey: string
}

export interface SolanaSignMessageResult {
  /** The ed25519 signature, base58. */
  signature: string
}

export interface SolanaSignTransactionParams {
  /** A serialized transaction (legacy or v0), base64. */
  transaction: string
}

export interface SolanaSignTransactionResult {
  /** The transaction's first signature (the fee payer's), base58. */
  signature: string
  /** The signed serialized transaction, base64. */
  transaction: string
}

export interface SolanaSignAllTransactionsParams {
  transactions: string[]
}

export interface SolanaSignAllTransactionsResult {
  transactions: string[]
}

export interface SolanaSendOptions {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  commitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
  minContextSlot?: number
}

export interface SolanaSignAndSendTransactionParams {
  transaction: string
  sendOptions?: SolanaSendOptions
}

export interface SolanaSignAndSendTransactionResult {
  /** The landed transaction's signature, base58. */
  signature: string
}

/** Method name → params and result, for `request<SolanaRequests[M]['result']>({ method: M, params })`. */
export interface SolanaRequests {
  solana_signMessage: { params: SolanaSignMessageParams; result: SolanaSignMessageResult }
  solana_signTransaction: { params: SolanaSignTransactionParams; result: SolanaSignTransactionResult }
  solana_signAllTransactions: {
    params: SolanaSignAllTransactionsParams
    result: SolanaSignAllTransactionsResult
  }
  solana_signAndSendTransaction: {
    params: SolanaSignAndSendTransactionParams
    result: SolanaSignAndSendTransactionResult
  }
  solana_getAccounts: { params: undefined; result: { pubkey: string }[] }
  solana_requestAccounts: { params: undefined; result: { pubkey: string }[] }
}

export type SolanaRequestMethod = keyof SolanaRequests

export const SOLANA_REQUEST_METHODS: readonly SolanaRequestMethod[] = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'solana_getAccounts',
  'solana_requestAccounts',
]
