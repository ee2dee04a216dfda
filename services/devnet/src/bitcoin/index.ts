export {
  BITCOIN_DEV_ACCOUNT_COUNT,
  BITCOIN_DEV_ACCOUNTS,
  BITCOIN_DEV_SEED_LABEL,
  BITCOIN_DEV_TAPROOT_ACCOUNT,
  type BitcoinDevAccount,
} from './accounts.ts'
export { decodeSegwitAddress, type SegwitAddress, toBcoinAddress } from './address.ts'
export {
  BCOIN_REGTEST,
  BITCOIN_NETWORK_ID,
  BITCOIN_REGTEST_GENESIS_HASH,
  DEV_BALANCE_BTC,
  SATS_PER_BTC,
} from './network.ts'
export { type BitcoinNode, type BitcoinNodeOptions, startBitcoinNode } from './node.ts'
