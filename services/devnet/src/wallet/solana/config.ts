import bs58 from 'bs58'

/** The `solana` part of window.__PORTICO_DEV_WALLET__: turns on the Wallet Standard Solana wallet. */
export interface SolanaDevWalletConfig {
  /** 64-byte secret key as a number array (Solana CLI keypair file) or base58 (wallet export); a 32-byte seed works too. */
  secretKey: readonly number[] | string
  /** The Solana JSON-RPC the wallet sends through (devnet.solana.rpcUrl). */
  rpcUrl: string
  /** CAIP-2 chain the wallet is on, e.g. SOLANA_NETWORK_ID (`solana:PorticoDevnet1111111111111111111`). */
  networkId: `solana:${string}`
}

/**
 * Checked for shape and length only: the keypair (ed25519, and the check that a 64-byte key's public
 * half matches) is made when the Solana wallet starts, so a config without Solana never loads ed25519.
 */
export interface ParsedSolanaConfig {
  /** 64 bytes (seed ‖ public key) or a 32-byte seed. */
  secretKey: Uint8Array
  rpcUrl: string
  networkId: `solana:${string}`
}

export function parseSolanaWalletConfig(raw: unknown, fail: (why: string) => never): ParsedSolanaConfig {
  if (typeof raw !== 'object' || raw === null) return fail('solana must be an object')
  const config = raw as Partial<SolanaDevWalletConfig>
  if (typeof config.rpcUrl !== 'string' || !/^https?:\/\//.test(config.rpcUrl)) {
    fail('solana.rpcUrl must be an http(s) URL')
  }
  if (typeof config.networkId !== 'string' || !/^solana:[-_a-zA-Z0-9]{1,32}$/.test(config.networkId)) {
    fail('solana.networkId must be a CAIP-2 id like solana:<genesis hash prefix>')
  }
  const secret = config.secretKey
  if (
    !(
      typeof secret === 'string' ||
      (Array.isArray(secret) && secret.every((b) => Number.isInteger(b) && b >= 0 && b < 256))
    )
  ) {
    fail('solana.secretKey must be a byte array or a base58 string')
  }
  let secretKey: Uint8Array
  try {
    secretKey = typeof secret === 'string' ? bs58.decode(secret) : Uint8Array.from(secret as number[])
  } catch {
    return fail('solana.secretKey: invalid base58')
  }
  if (secretKey.length !== 32 && secretKey.length !== 64) {
    fail(`solana.secretKey: a Solana secret key has 64 bytes (or a 32-byte seed), got ${secretKey.length}`)
  }
  return { secretKey, rpcUrl: config.rpcUrl as string, networkId: config.networkId as `solana:${string}` }
}
