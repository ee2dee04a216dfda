import type { HistoryResponse } from '@portico/shared-types/api'
import type { ChainHandle } from '../chain/clients.ts'
import type { HistoryKey, Repository, TokenRecord } from '../db/repository.ts'
import { NATIVE_ADDRESS } from '../tokens.ts'
import { encodeCursor } from './cursor.ts'
import { toHistoryItem } from './items.ts'

export interface HistoryQuery {
  account: string
  /** Chains to include; undefined means every indexed chain. */
  chainIds?: number[]
  before?: HistoryKey
  pageSize: number
  currency: string
}

/** One page of an account's indexed history, newest first, with the cursor of the next page. */
export async function historyPage(
  repo: Repository,
  chains: Map<number, ChainHandle>,
  q: HistoryQuery,
): Promise<HistoryResponse> {
  const rows = await repo.historyPage(q.account, {
    limit: q.pageSize + 1,
    ...(q.chainIds && { chainIds: q.chainIds }),
    ...(q.before && { before: q.before }),
  })
  const page = rows.slice(0, q.pageSize)
  const last = page[page.length - 1]
  const next = rows.length > q.pageSize && last ? encodeCursor(last.key) : null

  const contractsByChain = new Map<number, Set<string>>()
  for (const tx of page)
    for (const t of tx.transfers)
      if (t.contract)
        contractsByChain.set(tx.chainId, (contractsByChain.get(tx.chainId) ?? new Set()).add(t.contract))
  const tokens = new Map<number, Map<string, TokenRecord>>()
  const spam = new Map<number, Set<string>>()
  const prices = new Map<number, Map<string, number>>()
  for (const chainId of new Set(page.map((tx) => tx.chainId))) {
    const contracts = [...(contractsByChain.get(chainId) ?? [])]
    const list = await repo.getTokens(chainId, contracts)
    tokens.set(chainId, new Map(list.map((t) => [t.address, t])))
    spam.set(chainId, await repo.spamContracts(chainId))
    prices.set(chainId, await repo.getPrices(chainId, [NATIVE_ADDRESS, ...contracts], q.currency))
  }

  return {
    data: page.map((tx) =>
      toHistoryItem(tx, {
        account: q.account,
        native: chains.get(tx.chainId)?.native ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: tokens.get(tx.chainId) ?? new Map(),
        spam: spam.get(tx.chainId) ?? new Set(),
        prices: prices.get(tx.chainId) ?? new Map(),
      }),
    ),
    next,
  }
}
