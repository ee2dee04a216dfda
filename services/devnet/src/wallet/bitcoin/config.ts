/** The `bitcoin` part of window.__PORTICO_DEV_WALLET__: turns on the Wallet Standard Bitcoin wallet. */
export interface BitcoinDevWalletConfig {
  /** 32-byte private key (hex) of the payment account (P2WPKH), e.g. BITCOIN_DEV_ACCOUNTS[i].privateKey. */
  privateKey: string
  /** 32-byte private key (hex) of the ordinals account (taproot); without it ordinals uses the payment account. */
  ordinalsPrivateKey?: string
  /** CAIP-2 network the wallet is on, e.g. BITCOIN_NETWORK_ID (bcoin regtest). */
  networkId: `bip122:${string}`
}

export interface ParsedBitcoinConfig {
  privateKey: Uint8Array
  ordinalsPrivateKey?: Uint8Array
  networkId: `bip122:${string}`
}

const KEY = /^[0-9a-f]{64}$/

const bytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

export function parseBitcoinWalletConfig(raw: unknown, fail: (why: string) => never): ParsedBitcoinConfig {
  if (typeof raw !== 'object' || raw === null) return fail('bitcoin must be an object')
  const config = raw as Partial<BitcoinDevWalletConfig>
  if (typeof config.privateKey !== 'string' || !KEY.test(config.privateKey)) {
    fail('bitcoin.privateKey must be 64 lower-case hex characters')
  }
  if (
    config.ordinalsPrivateKey !== undefined &&
    (typeof config.ordinalsPrivateKey !== 'string' || !KEY.test(config.ordinalsPrivateKey))
  ) {
    fail('bitcoin.ordinalsPrivateKey must be 64 lower-case hex characters')
  }
  if (typeof config.networkId !== 'string' || !/^bip122:[0-9a-f]{32}$/.test(config.networkId)) {
    fail('bitcoin.networkId must be a CAIP-2 id like bip122:<32 hex characters>')
  }
  return {
    privateKey: bytes(config.privateKey as string),
    ...(config.ordinalsPrivateKey ? { ordinalsPrivateKey: bytes(config.ordinalsPrivateKey) } : {}),
    networkId: config.networkId as `bip122:${string}`,
  }
}
