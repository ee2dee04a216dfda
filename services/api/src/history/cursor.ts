import type { HistoryKey } from '../db/repository.ts'

/** Opaque paging cursor: the position of the last item of a page. */
export function encodeCursor(key: HistoryKey): string {
  return Buffer.from(`${key.minedAt}.${key.chainId}.${key.blockNumber}.${key.txIndex}`).toString('base64url')
}

/** The key a cursor stands for, or null when it is not one of ours. */
export function decodeCursor(cursor: string): HistoryKey | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,16}$/.test(p))) return null
  const [minedAt, chainId, blockNumber, txIndex] = parts.map(Number) as [number, number, number, number]
  if (![minedAt, chainId, blockNumber, txIndex].every(Number.isSafeInteger)) return null
  return { minedAt, chainId, blockNumber, txIndex }
}
