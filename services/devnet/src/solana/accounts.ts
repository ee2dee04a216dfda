import { createHash } from 'node:crypto'
import { encodeBase58, keypairFromSecret } from './keys.ts'

export interface SolanaDevAccount {
  /** base58 address. */
  publicKey: string
  /** 64 bytes (seed + public key), the Solana CLI keypair-file format; web3.js: Keypair.fromSecretKey. */
  secretKey: readonly number[]
  /** The same 64 bytes in base58, the format wallets export. */
  secretKeyBase58: string
}

/** Seed of dev account i: SHA-256 of this label followed by i. Test funds only. */
export const SOLANA_DEV_SEED_LABEL = 'portico-devnet:solana:'

export const SOLANA_DEV_ACCOUNT_COUNT = 5

function devAccount(index: number): SolanaDevAccount {
  const seed = createHash('sha256').update(`${SOLANA_DEV_SEED_LABEL}${index}`).digest()
  const { address, secretKey } = keypairFromSecret(new Uint8Array(seed))
  return Object.freeze({
    publicKey: address,
    secretKey: Object.freeze([...secretKey]),
    secretKeyBase58: encodeBase58(secretKey),
  })
}

/** Five deterministic keypairs, each funded with DEV_BALANCE_SOL when the Solana RPC starts. */
export const SOLANA_DEV_ACCOUNTS: readonly SolanaDevAccount[] = Object.freeze(
  Array.from({ length: SOLANA_DEV_ACCOUNT_COUNT }, (_, i) => devAccount(i)),
)
