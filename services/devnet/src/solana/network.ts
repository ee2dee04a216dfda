/**
 * The local Solana network's identity. Solana networks are named by CAIP-2 as
 * `solana:<first 32 characters of the base58 genesis hash>`, so the genesis hash is chosen to start
 * with a readable reference; getGenesisHash answers it and the id follows from it.
 */
export const SOLANA_GENESIS_HASH = 'PorticoDevnet111111111111111111111111111111'

/** `solana:PorticoDevnet1111111111111111111`: the chain id the kernel and the dev wallet use. */
export const SOLANA_NETWORK_ID = `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}` as const

export const LAMPORTS_PER_SOL = 1_000_000_000

/** Every Solana dev account starts with this much SOL. */
export const DEV_BALANCE_SOL = 1000

/** litesvm's fee: 5000 lamports per signature (no priority fees are charged). */
export const LAMPORTS_PER_SIGNATURE = 5000

/** Blocks a blockhash stays valid after it was the latest one, as on mainnet. */
export const BLOCKHASH_VALID_BLOCKS = 150

/** Nominal version reported by getVersion (litesvm runs an Agave-compatible runtime). */
export const SOLANA_CORE_VERSION = '2.3.0'
