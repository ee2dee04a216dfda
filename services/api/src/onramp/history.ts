import type { HistoryResponse, TransactionHistoryItem } from '@portico/shared-types'
import { getAddress } from 'viem'
import type { OnrampOrder, OnrampStore } from '../db/onramp-repository.ts'
import { tokenIconUrl } from '../icons.ts'
import { formatBaseUnits } from './catalogue.ts'

/**
 * GET /v1/account/{a}/history?onramp=<provider>: the account's completed purchases from that provider,
 * newest first, as history items (operationType "buy", one incoming transfer, the fiat paid as value).
 */
export async function onrampHistoryPage(
  repo: OnrampStore,
  q: { account: string; provider: string; chainIds?: number[]; pageSize: number },
): Promise<HistoryResponse> {
  const orders = await repo.onrampPurchases(q.account, q.provider, {
    limit: q.pageSize,
    ...(q.chainIds && { chainIds: q.chainIds }),
  })
  return { data: orders.map(purchaseItem), next: null }
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
