import { tokenName, tokenSymbol } from '../displayText.ts'
import type { SessionRecord, TokenKind, TokenRecord, TransferRecord } from './repository.ts'

// PostgreSQL hands BIGINT back as strings; SQLite as numbers. Rows are typed loosely and mapped.
export type Num = number | string

export interface TokenRow {
  chain_id: Num
  address: string
  kind: string
  name: string | null
  symbol: string | null
  decimals: Num | null
  icon_url: string | null
  listed: Num
}

export interface TransferRow {
  chain_id: Num
  tx_hash: string
  log_index: Num
  block_number: Num
  block_hash: string
  tx_index: Num
  mined_at: Num
  kind: string
  contract: string | null
  from_addr: string
  to_addr: string
  amount: string
  token_id: string | null
  tx_from: string
  tx_to: string | null
  nonce: Num
  status: string
}

export interface SessionRow {
  pci: string
  address: string
  project_id: string
  permission: string
  created_at: Num
  expiry: Num | null
  revoked_at: Num | null
}

export const lower = (s: string) => s.toLowerCase()
export const numOrNull = (v: Num | null) => (v === null ? null : Number(v))

/** `?, ?, …` for n parameters. */
export function marks(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ')
}

const TOKEN_KINDS: readonly TokenKind[] = ['native', 'erc20', 'erc721', 'erc1155', 'unknown']

export function tokenFromRow(r: TokenRow): TokenRecord {
  return {
    chainId: Number(r.chain_id),
    address: r.address,
    kind: TOKEN_KINDS.find((k) => k === r.kind) ?? 'unknown',
    // Rows stored before displayText.ts (or by hand) are cleaned on the way out too.
    name: tokenName(r.name),
    symbol: tokenSymbol(r.symbol),
    decimals: numOrNull(r.decimals),
    iconUrl: r.icon_url,
    listed: Number(r.listed) === 1,
  }
}

export function transferFromRow(r: TransferRow): TransferRecord {
  return {
    chainId: Number(r.chain_id),
    txHash: r.tx_hash,
    logIndex: Number(r.log_index),
    blockNumber: Number(r.block_number),
    blockHash: r.block_hash,
    txIndex: Number(r.tx_index),
    minedAt: Number(r.mined_at),
    kind: r.kind === 'erc20' || r.kind === 'erc721' || r.kind === 'erc1155' ? r.kind : 'native',
    contract: r.contract,
    from: r.from_addr,
    to: r.to_addr,
    amount: r.amount,
    tokenId: r.token_id,
    txFrom: r.tx_from,
    txTo: r.tx_to,
    nonce: Number(r.nonce),
    status: r.status === 'reverted' ? 'reverted' : 'success',
  }
}

export function sessionFromRow(r: SessionRow): SessionRecord {
  return {
    pci: r.pci,
    address: r.address,
    projectId: r.project_id,
    permission: JSON.parse(r.permission) as SessionRecord['permission'],
    createdAt: Number(r.created_at),
    expiry: numOrNull(r.expiry),
    revokedAt: numOrNull(r.revoked_at),
  }
}
