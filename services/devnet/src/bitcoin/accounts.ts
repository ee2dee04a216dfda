import { createHash } from 'node:crypto'
import ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, payments } from 'bitcoinjs-lib'
import { BCOIN_REGTEST } from './network.ts'

initEccLib(ecc)

export interface BitcoinDevAccount {
  /** Bech32 address on bcoin regtest (`rb1q…` P2WPKH, `rb1p…` taproot). */
  address: string
  type: 'p2wpkh' | 'p2tr'
  /** 32-byte private key, hex. Test funds only. */
  privateKey: string
  /** 33-byte compressed public key, hex (taproot: the internal key, also 33 bytes). */
  publicKey: string
}

/** Private key of dev account i: SHA-256 of this label followed by i. Test funds only. */
export const BITCOIN_DEV_SEED_LABEL = 'portico-devnet:bitcoin:'

export const BITCOIN_DEV_ACCOUNT_COUNT = 5

function privateKey(label: string): Uint8Array {
  // A SHA-256 output is a valid secp256k1 key with overwhelming probability; checked below.
  const key = new Uint8Array(createHash('sha256').update(label).digest())
  if (!ecc.isPrivate(key)) throw new Error(`dev key ${label} is not a valid secp256k1 key`)
  return key
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

function devAccount(label: string, type: BitcoinDevAccount['type']): BitcoinDevAccount {
  const key = privateKey(label)
  const publicKey = ecc.pointFromScalar(key, true)
  if (!publicKey) throw new Error('invalid dev key')
  const payment =
    type === 'p2wpkh'
      ? payments.p2wpkh({ pubkey: publicKey, network: BCOIN_REGTEST })
      : payments.p2tr({ internalPubkey: publicKey.slice(1), network: BCOIN_REGTEST })
  if (!payment.address) throw new Error('no address')
  return Object.freeze({ address: payment.address, type, privateKey: hex(key), publicKey: hex(publicKey) })
}

/** Five deterministic P2WPKH accounts, each funded with DEV_BALANCE_BTC when the node starts. */
export const BITCOIN_DEV_ACCOUNTS: readonly BitcoinDevAccount[] = Object.freeze(
  Array.from({ length: BITCOIN_DEV_ACCOUNT_COUNT }, (_, i) =>
    devAccount(`${BITCOIN_DEV_SEED_LABEL}${i}`, 'p2wpkh'),
  ),
)

/** One taproot (key-path) account, funded like the others. */
export const BITCOIN_DEV_TAPROOT_ACCOUNT: BitcoinDevAccount = devAccount(
  `${BITCOIN_DEV_SEED_LABEL}taproot`,
  'p2tr',
)

/** The node's miner: block rewards go here and fund the dev accounts. */
export const BITCOIN_MINER_KEY = privateKey(`${BITCOIN_DEV_SEED_LABEL}miner`)
