import type { HistoryResponse } from '@portico/shared-types'
import type { ChainHandle } from '../chain/clients.ts'
import type { HistoryKey, Repository, TokenRecord } from '../db/repository.ts'
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
  for (const chainId of new Set(page.map((tx) => tx.chainId))) {
    const list = await repo.getTokens(chainId, [...(contractsByChain.get(chainId) ?? [])])
    tokens.set(chainId, new Map(list.map((t) => [t.address, t])))
    spam.set(chainId, await repo.spamContracts(chainId))
  }
  const symbols = new Set<string>()
  for (const chainTokens of tokens.values())
    for (const t of chainTokens.values()) if (t.symbol) symbols.add(t.symbol)
  for (const h of chains.values()) symbols.add(h.native.symbol)
  const prices = await repo.getPrices([...symbols], q.currency)

  return {
    data: page.map((tx) =>
      toHistoryItem(tx, {
        account: q.account,
        native: chains.get(tx.chainId)?.native ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: tokens.get(tx.chainId) ?? new Map(),
        spam: spam.get(tx.chainId) ?? new Set(),
        prices,
      }),
    ),
    next,
  }
}
