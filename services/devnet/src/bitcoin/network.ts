/**
 * The local Bitcoin network (bcoin regtest). Bitcoin networks are named by CAIP-2 as
 * `bip122:<first 32 hex characters of the genesis block hash>`; regtest's genesis block is
 * 0f9188f1…2206. bcoin 1.0.2's regtest writes bech32 addresses with the `rb` prefix (Bitcoin Core
 * uses `bcrt`), so the dev wallet and the send plugin use the network parameters below.
 */
export const BITCOIN_REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
export const BITCOIN_NETWORK_ID = `bip122:${BITCOIN_REGTEST_GENESIS_HASH.slice(0, 32)}` as const

/** bitcoinjs-lib `Network` parameters of bcoin's regtest. */
export const BCOIN_REGTEST = Object.freeze({
  messagePrefix: '\x18Bitcoin Signed Message:\n',
  bech32: 'rb',
  bip32: Object.freeze({ public: 0x043587cf, private: 0x04358394 }),
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
})

export const SATS_PER_BTC = 100_000_000

/** Every Bitcoin dev account (and the taproot one) starts with this much BTC, confirmed. */
export const DEV_BALANCE_BTC = 10

/** bcoin's regtest coinbase maturity: a block reward is spendable 100 blocks later. */
export const COINBASE_MATURITY = 100

/** bcoin regtest activates segwit by BIP9 signalling: active from the third 144-block window. */
export const SEGWIT_ACTIVE_HEIGHT = 432
