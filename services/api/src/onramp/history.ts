import type { TransactionHistoryItem } from '@portico/shared-types'
import type { HistoryResponse } from '@portico/shared-types/api'
import { getAddress } from 'viem'
import type { OnrampOrder, OnrampStore } from '../db/onrampRepository.ts'
import { badRequest } from '../http/errors.ts'
import { tokenIconUrl } from '../icons.ts'
import { formatBaseUnits } from './catalogue.ts'

/**
 * GET /v1/account/{a}/history?onramp=<provider>: the account's completed purchases from that provider,
 * newest first, as history items (operationType "buy", one incoming transfer, the fiat paid as value),
 * paged by `next` like the indexed history (its own cursor format).
 */
export async function onrampHistoryPage(
  repo: OnrampStore,
  q: { account: string; provider: string; chainIds?: number[]; pageSize: number; cursor?: string },
): Promise<HistoryResponse> {
  const before = q.cursor === undefined ? undefined : decodePurchaseCursor(q.cursor)
  if (q.cursor !== undefined && !before)
    throw badRequest(`Invalid cursor "${q.cursor.slice(0, 80)}": pass the "next" value of the previous page`)
  const orders = await repo.onrampPurchases(q.account, q.provider, {
    limit: q.pageSize + 1,
    ...(q.chainIds && { chainIds: q.chainIds }),
    ...(before && { before }),
  })
  const page = orders.slice(0, q.pageSize)
  const last = page[page.length - 1]
  const next = orders.length > q.pageSize && last ? encodePurchaseCursor(last) : null
  return { data: page.map(purchaseItem), next }
}

/** Paging position of a purchase: its completion time and order id (the sort order). */
export function encodePurchaseCursor(o: Pick<OnrampOrder, 'updatedAt' | 'id'>): string {
  return Buffer.from(`p.${o.updatedAt}.${o.id}`).toString('base64url')
}

export function decodePurchaseCursor(cursor: string): { updatedAt: number; id: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null
  const match = /^p\.(\d{1,12})\.([A-Za-z0-9_-]{24})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  return match ? { updatedAt: Number(match[1]), id: match[2] ?? '' } : null
}

export function purchaseItem(o: OnrampOrder): TransactionHistoryItem {
  return {
    id: `onramp:${o.provider}:${o.id}`,
    metadata: {
      operationType: 'buy',
      hash: o.txHash ?? '',
      minedAt: new Date(o.updatedAt * 1000).toISOString(),
      sentFrom: '',
      sentTo: getAddress(o.address),
      status: 'confirmed',
      nonce: 0,
      chain: `eip155:${o.chainId}`,
    },
    transfers: [
      {
        fungible_info: { name: o.symbol, symbol: o.symbol, icon: { url: tokenIconUrl(o.symbol) } },
        direction: 'in',
        quantity: {
          decimals: String(o.decimals),
          numeric: formatBaseUnits(BigInt(o.cryptoAmount), o.decimals),
        },
        ...(o.fiatCurrency === 'USD' && { value: Number(o.fiatTotal) }),
      },
    ],
  }
}
