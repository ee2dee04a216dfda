import type { SessionPermission } from '@portico/shared-types/api'
import type { ChainContract } from '../config.ts'
import type { WalletDirectoryStore } from './directoryRepository.ts'
import type { NameRegistry } from './namesRepository.ts'
import type { OnrampStore } from './onrampRepository.ts'
import type { SiwxNonceLedger } from './siwxNoncesRepository.ts'
import type { SponsoredGasLedger } from './sponsoredGasRepository.ts'

/** Addresses are stored lower-case; callers pass any case. */
export type TokenKind = 'native' | 'erc20' | 'erc721' | 'erc1155' | 'unknown'

export interface TokenRecord {
  chainId: number
  address: string
  kind: TokenKind
  name: string | null
  symbol: string | null
  decimals: number | null
  iconUrl: string | null
  /** Listed tokens appear in balances; others are only known from history. */
  listed: boolean
}

/** The price of one token, by chain and contract (the native token is NATIVE_ADDRESS). */
export interface TokenPriceRecord {
  chainId: number
  address: string
  currency: string
  price: number
  /** Unix seconds. */
  updatedAt: number
}

export interface NameRecord {
  name: string
  address: string
  avatar: string | null
  attributes: Record<string, string>
  createdAt: number
}

export interface SessionRecord {
  pci: string
  /** CAIP-10 or 0x address, as created. */
  address: string
  projectId: string
  permission: SessionPermission
  createdAt: number
  expiry: number | null
  revokedAt: number | null
}

export interface ChainCursor {
  chainId: number
  blockNumber: number
  blockHash: string
  genesisHash: string
}

export type TransferKind = 'native' | 'erc20' | 'erc721' | 'erc1155'

/** One value movement: a transaction's native value (logIndex -1) or one Transfer log. */
export interface TransferRecord {
  chainId: number
  txHash: string
  logIndex: number
  blockNumber: number
  blockHash: string
  txIndex: number
  /** Unix seconds of the block. */
  minedAt: number
  kind: TransferKind
  /** Token contract; null for native value. */
  contract: string | null
  from: string
  to: string
  /** Raw amount in base units (decimal string); '1' for an NFT. */
  amount: string
  tokenId: string | null
  txFrom: string
  txTo: string | null
  nonce: number
  status: 'success' | 'reverted'
}

export interface IndexedBlock {
  number: number
  hash: string
  parentHash: string
  timestamp: number
  transfers: TransferRecord[]
}

/** Position of a transaction in an account's history, newest first. */
export interface HistoryKey {
  minedAt: number
  chainId: number
  blockNumber: number
  txIndex: number
}

export interface HistoryTx {
  key: HistoryKey
  chainId: number
  txHash: string
  /** Only the transfers from or to the account, by log index. */
  transfers: TransferRecord[]
}

/** One NFT movement of an account, oldest first (the holdings are folded from these). */
export interface NftTransfer {
  contract: string
  tokenId: string
  kind: 'erc721' | 'erc1155'
  from: string
  to: string
  amount: string
}

export class ChainContinuityError extends Error {}

/** Everything the API stores. Implemented for SQLite and PostgreSQL; one test suite runs on both. */
export interface Repository
  extends NameRegistry,
    OnrampStore,
    SiwxNonceLedger,
    SponsoredGasLedger,
    WalletDirectoryStore {
  readonly dialect: 'sqlite' | 'postgres'
  close(): Promise<void>

  /** Inserts or updates; `listed` only ever goes from false to true. */
  upsertTokens(tokens: TokenRecord[]): Promise<void>
  listTokens(chainId: number, opts?: { listedOnly?: boolean }): Promise<TokenRecord[]>
  getTokens(chainId: number, addresses: string[]): Promise<TokenRecord[]>

  /** Inserts prices that are not there yet (never overwrites). */
  seedPrices(prices: TokenPriceRecord[]): Promise<void>
  setPrice(price: TokenPriceRecord): Promise<void>
  /**
   * Price per lower-case contract address, for those of the chain's contracts that are listed and
   * priced. Never by symbol: an unlisted contract has no price whatever it calls itself.
   */
  getPrices(chainId: number, addresses: string[], currency: string): Promise<Map<string, number>>

  putName(record: NameRecord): Promise<void>
  /** The most recently registered name of an address. */
  latestName(address: string): Promise<NameRecord | null>

  /**
   * Stores a new session; with `cap`, only while the address holds fewer than `cap.maxLive` live
   * sessions at `cap.now` (checked in the same statement). Resolves false when the cap refused it.
   */
  createSession(record: SessionRecord, cap?: { maxLive: number; now: number }): Promise<boolean>
  listSessions(address: string): Promise<SessionRecord[]>
  getSession(pci: string): Promise<SessionRecord | null>
  /** Marks a live session revoked; false if unknown or already revoked. */
  revokeSession(pci: string, at: number): Promise<boolean>
  /** Deletes sessions that expired or were revoked before `endedBefore`; resolves to how many. */
  pruneSessions(endedBefore: number): Promise<number>

  addSpamContracts(contracts: ChainContract[]): Promise<void>
  spamContracts(chainId: number): Promise<Set<string>>

  getCursor(chainId: number): Promise<ChainCursor | null>
  /**
   * Stores consecutive blocks and moves the chain's cursor to the last one, all in one transaction.
   * Throws ChainContinuityError (storing nothing) unless the first block follows the cursor
   * (number and parent hash) and each block follows the one before it. Re-storing a transfer is a
   * no-op (unique keys).
   */
  recordBlocks(chainId: number, genesisHash: string, blocks: IndexedBlock[]): Promise<void>
  /** Deletes everything above `to.blockNumber` and sets the cursor to it; null wipes the chain. */
  rewind(chainId: number, to: ChainCursor | null): Promise<void>
  /** Distinct (number, hash) of blocks holding transfers at or below `atOrBelow`, newest first. */
  blocksWithTransfers(
    chainId: number,
    atOrBelow: number,
    limit: number,
  ): Promise<{ number: number; hash: string }[]>

  historyPage(
    address: string,
    opts: { chainIds?: number[]; before?: HistoryKey; limit: number },
  ): Promise<HistoryTx[]>

  /** The account's ERC-721 / ERC-1155 movements on one chain, oldest first, at most `limit`. */
  nftTransfers(address: string, chainId: number, limit: number): Promise<NftTransfer[]>
}
