import { BALANCE_RETRY_BLOCK_MS, type CaipNetworkId, type TokenBalance } from '@portico/shared-types'
import type { BlockchainApi } from './blockchainApi.ts'
import type { CachedAnswer } from './revalidate.ts'

/** 0-decimal items are low quality (behaviour §3). */
const shown = (balances: TokenBalance[]) =>
  balances.filter((balance) => Number(balance.quantity.decimals) !== 0)

export interface BalanceFetcherOptions {
  api: Pick<BlockchainApi, 'fetchBalances' | 'cachedBalances' | 'isSupportedNetwork'>
  now?: () => number
  /** The kernel shows the toast 'Token Balance Unavailable'. */
  onUnavailable(error?: unknown): void
}

export interface BalanceFetcher {
  /** Never throws: failures and unsupported networks give an empty list. */
  fetch(
    address: string,
    caipNetworkId: CaipNetworkId,
    options?: { forceUpdate?: boolean },
  ): Promise<TokenBalance[]>
  /** The cached answer (filtered like `fetch`) with its age, without calling. */
  cached(address: string, caipNetworkId: CaipNetworkId): CachedAnswer<TokenBalance[]> | undefined
  /** When the last failure happened (the account state's lastRetry), or undefined after a success. */
  lastRetry(): number | undefined
}

/** behaviour §3/§4 balance fetch: 0-decimal items are low quality; after a failure, 30 s without calling. */
export function createBalanceFetcher({
  api,
  now = Date.now,
  onUnavailable,
}: BalanceFetcherOptions): BalanceFetcher {
  let lastRetry: number | undefined
  return {
    async fetch(address, caipNetworkId, { forceUpdate } = {}) {
      if (lastRetry !== undefined && now() - lastRetry < BALANCE_RETRY_BLOCK_MS) return []
      if (!api.isSupportedNetwork(caipNetworkId)) {
        onUnavailable()
        return []
      }
      try {
        const balances = await api.fetchBalances(address, caipNetworkId, { forceUpdate })
        lastRetry = undefined
        return shown(balances)
      } catch (error) {
        lastRetry = now()
        onUnavailable(error)
        return []
      }
    },
    cached(address, caipNetworkId) {
      const entry = api.cachedBalances(address, caipNetworkId)
      return entry && { value: shown(entry.balances), ageMs: entry.ageMs }
    },
    lastRetry: () => lastRetry,
  }
}

/**
 * The icon shown beside a balance: none for a token the API says is not on the network's token list
 * (`verified: false`), whatever icon came with it — an unlisted contract calling itself USDC must
 * not look like the listed USDC. Tokens the API says nothing about keep their icon.
 */
export function balanceIconUrl(token: Pick<TokenBalance, 'iconUrl' | 'verified'>): string | undefined {
  if (token.verified === false) return undefined
  return token.iconUrl || undefined
}
