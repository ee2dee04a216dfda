export { DEV_ACCOUNTS, DEV_BALANCE_ETH, DEV_MNEMONIC, type DevAccount } from './accounts.ts'
export { type AnvilOptions, type AnvilProcess, startAnvil } from './anvil.ts'
export { findAnvilBinary } from './anvil-binary.ts'
export {
  type Devnet,
  type DevnetChain,
  type DevnetChainOptions,
  type DevnetOptions,
  defaultChains,
  startDevnet,
} from './devnet.ts'
export type { Address, ChainFixtures, DevnetFixtures } from './fixtures/types.ts'
