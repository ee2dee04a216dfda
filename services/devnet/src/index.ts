import { fileURLToPath } from 'node:url'

export { DEV_ACCOUNTS, DEV_BALANCE_ETH, DEV_MNEMONIC, type DevAccount } from './accounts.ts'
export { type AnvilOptions, type AnvilProcess, startAnvil } from './anvil.ts'
export { findAnvilBinary } from './anvilBinary.ts'
export * from './bitcoin/index.ts'
export {
  type Devnet,
  type DevnetChain,
  type DevnetChainOptions,
  type DevnetOptions,
  type DevnetSolana,
  type DevnetSolanaOptions,
  defaultChains,
  defaultSolana,
  startDevnet,
} from './devnet.ts'
export type {
  AccountAbstractionFixtures,
  Address,
  ChainFixtures,
  DevnetFixtures,
  DexFixtures,
  DexPair,
  Eip7702Fixtures,
  PaymasterFixtures,
} from './fixtures/types.ts'
export * from './solana/index.ts'
export * from './wallet/index.ts'

/** Where `npm run build` puts the browser dev wallet (an IIFE for <script> or page.addInitScript). */
export const DEV_WALLET_BUNDLE = fileURLToPath(new URL('../dist/dev-wallet.js', import.meta.url))
export {
  BUNDLER_EXECUTOR_KEY,
  type BundlerOptions,
  type BundlerProcess,
  startBundler,
} from './bundler/alto.ts'
export { deployAccountAbstraction } from './fixtures/aa/deploy.ts'
export { deployVerifyingPaymaster } from './fixtures/aa/paymasterDeploy.ts'
export {
  DEV_PAYMASTER_SIGNER_KEY,
  devPaymasterSigner,
  PAYMASTER_FIXTURE,
} from './fixtures/aa/paymasterPlan.ts'
export { AA_FIXTURES, ENTRY_POINT_V08 } from './fixtures/aa/plan.ts'
export {
  encodePaymasterData,
  initCodeOf,
  SPONSORSHIP_TYPES,
  type SponsoredUserOperation,
  type SponsorshipTerms,
  STUB_SPONSORSHIP_SIGNATURE,
  sponsorshipTypedData,
} from './fixtures/aa/sponsorship.ts'
export { deployFixtures, type FixtureTarget } from './fixtures/deploy.ts'
export { DEX_DEPLOYER_KEY, dexAddresses, PERMIT_TOKEN, POOLS } from './fixtures/dex/plan.ts'
export { deployEip7702Delegate } from './fixtures/eip7702/deploy.ts'
export { eip7702Addresses } from './fixtures/eip7702/plan.ts'
export {
  custodyOf as idRegistryCustodyOf,
  deployIdRegistry,
  setCustody as setIdRegistryCustody,
} from './fixtures/farcaster/deploy.ts'
export { type FidCustody, idRegistryAddress } from './fixtures/farcaster/plan.ts'
export { deployPriceFeeds } from './fixtures/feeds/deploy.ts'
export {
  FEED_DECIMALS,
  type FeedAsset,
  FIXED_PRICES,
  PRICE_FEEDS,
  type PriceFeedFixtures,
  priceFeedAddresses,
} from './fixtures/feeds/plan.ts'
export { ensureMulticall3, MULTICALL3_ADDRESS } from './fixtures/multicall3.ts'
export { deployNftFixtures } from './fixtures/nft/deploy.ts'
export {
  COLLECTIBLE,
  dataJsonUri,
  MULTI_TOKEN,
  type NftFixtures,
  nftFixtureAddresses,
} from './fixtures/nft/plan.ts'
export {
  DEPLOYER,
  fixtureAddresses,
  MINTS,
  type SeedTransfer,
  SPAM_NFT,
  SPAM_NFT_TOKEN_IDS,
  SPAMMER,
  TOKENS,
  type TokenSymbol,
  TRANSFERS,
} from './fixtures/plan.ts'
