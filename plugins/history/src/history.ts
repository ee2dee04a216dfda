import type { CaipNetworkId, TransactionHistoryItem, TransactionTransfer } from '@portico/shared-types'

/** behaviour §5: transactions whose transfers are all spam NFTs are hidden; only the connected chain's show. */
export function visibleTransactions(
  items: readonly TransactionHistoryItem[],
  chain: CaipNetworkId,
): TransactionHistoryItem[] {
  return items.filter(
    (item) =>
      item.metadata.chain === chain &&
      !(item.transfers.length > 0 && item.transfers.every((transfer) => transfer.nft_info?.flags.is_spam)),
  )
}

const UNITS: readonly [label: string, seconds: number][] = [
  ['yr', 365 * 86_400],
  ['mo', 30 * 86_400],
  ['d', 86_400],
  ['hr', 3_600],
  ['min', 60],
]

/** behaviour §9 relative time labels: sec, min, hr, d, mo, yr (largest whole unit). */
export function relativeTime(minedAt: string, now: number = Date.now()): string {
  const time = Date.parse(minedAt)
  const seconds = Number.isFinite(time) ? Math.max(0, Math.floor((now - time) / 1000)) : 0
  for (const [label, size] of UNITS) if (seconds >= size) return `${Math.floor(seconds / size)} ${label}`
  return `${seconds} sec`
}

/** One transfer as "+1.500 ETH" / "-20.000 USDC" / "Free Airdrop NFT #0"; amounts with 3 decimals (behaviour §5). */
export function transferText(transfer: TransactionTransfer, format: (value: string) => string): string {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : ''
  if (transfer.nft_info) return `${sign}${transfer.nft_info.name ?? 'NFT'}`
  const symbol = transfer.fungible_info?.symbol ?? ''
  return `${sign}${format(transfer.quantity.numeric)} ${symbol}`.trim()
}
