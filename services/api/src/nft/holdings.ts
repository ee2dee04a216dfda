import type { NftTransfer } from '../db/repository.ts'

export interface NftHolding {
  contract: string
  tokenId: string
  kind: 'erc721' | 'erc1155'
  /** Units held (always 1 for an ERC-721 the account still owns). */
  amount: bigint
}

/**
 * What the account still holds after its movements (oldest first): each token's units in minus
 * units out, kept when above zero, ordered by contract then token id (the paging order).
 */
export function foldHoldings(account: string, transfers: readonly NftTransfer[]): NftHolding[] {
  const me = account.toLowerCase()
  const held = new Map<string, NftHolding>()
  for (const t of transfers) {
    if (!/^\d{1,78}$/.test(t.tokenId) || !/^\d{1,78}$/.test(t.amount)) continue
    const key = `${t.contract}.${t.tokenId}`
    const entry = held.get(key) ?? { contract: t.contract, tokenId: t.tokenId, kind: t.kind, amount: 0n }
    const units = BigInt(t.amount)
    if (t.to === me) entry.amount += units
    if (t.from === me) entry.amount -= units
    held.set(key, entry)
  }
  return [...held.values()].filter((h) => h.amount > 0n).sort(compareHoldings)
}

export function compareHoldings(a: Pick<NftHolding, 'contract' | 'tokenId'>, b: typeof a): number {
  if (a.contract !== b.contract) return a.contract < b.contract ? -1 : 1
  const x = BigInt(a.tokenId)
  const y = BigInt(b.tokenId)
  return x === y ? 0 : x < y ? -1 : 1
}

/** Opaque paging cursor: the contract and token id of the last item of a page. */
export function encodeNftCursor(h: Pick<NftHolding, 'contract' | 'tokenId'>): string {
  return Buffer.from(`${h.contract}.${h.tokenId}`).toString('base64url')
}

/** The position a cursor stands for, or null when it is not one of ours. */
export function decodeNftCursor(cursor: string): { contract: string; tokenId: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null
  const match = /^(0x[0-9a-f]{40})\.(\d{1,78})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return match?.[1] && match[2] ? { contract: match[1], tokenId: match[2] } : null
}

/** The holdings after `cursor` (all when none), at most `size`, and whether more follow. */
export function pageOf(
  holdings: readonly NftHolding[],
  cursor: { contract: string; tokenId: string } | null,
  size: number,
): { page: NftHolding[]; more: boolean } {
  const start = cursor ? holdings.findIndex((h) => compareHoldings(h, cursor) > 0) : 0
  const rest = start < 0 ? [] : holdings.slice(start)
  return { page: rest.slice(0, size), more: rest.length > size }
}
