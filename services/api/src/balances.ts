import type { TokenBalance } from '@portico/shared-types'
import { type Address, formatUnits, getAddress } from 'viem'
import type { ChainHandle } from './chain/clients.ts'
import { readTokenBalances } from './chain/erc20.ts'
import type { Repository, TokenRecord } from './db/repository.ts'
import { tokenIconUrl } from './icons.ts'
import { resolveTokens, withMetadata } from './tokens.ts'

export interface BalanceQuery {
  address: Address
  currency: string
  /** Tokens to report even when unlisted or zero (forceUpdate). */
  force: Address[]
}

/**
 * One chain's balances read live from the chain: the native token always, listed ERC-20 tokens with a
 * non-zero balance, and forced tokens always. 0-decimals tokens are reported as they are (the kernel
 * drops them).
 */
export async function readChainBalances(
  repo: Repository,
  handle: ChainHandle,
  query: BalanceQuery,
): Promise<TokenBalance[]> {
  const listed = await withMetadata(repo, handle, await repo.listTokens(handle.chainId, { listedOnly: true }))
  const forced =
    query.force.length > 0
      ? await resolveTokens(
          repo,
          handle,
          query.force.map((address) => ({ address, kind: 'erc20' as const })),
        )
      : []
  const forcedSet = new Set(forced.map((t) => t.address))
  const byAddress = new Map<string, TokenRecord>()
  for (const t of [...listed, ...forced])
    if (t.kind !== 'native' && t.decimals !== null) byAddress.set(t.address, t)
  const erc20 = [...byAddress.values()]
  const native = listed.find((t) => t.kind === 'native')

  const [nativeBalance, tokenBalances] = await Promise.all([
    handle.client.getBalance({ address: query.address }),
    readTokenBalances(
      handle.client,
      query.address,
      erc20.map((t) => getAddress(t.address)),
    ),
  ])
  const symbols = [handle.native.symbol, ...erc20.map((t) => t.symbol ?? '')].filter((s) => s !== '')
  const prices = await repo.getPrices(symbols, query.currency)

  const item = (t: TokenRecord | undefined, raw: bigint, contract: string | null): TokenBalance => {
    const symbol = t?.symbol ?? handle.native.symbol
    const decimals = t?.decimals ?? handle.native.decimals
    const numeric = formatUnits(raw, decimals)
    const price = prices.get(symbol.toUpperCase()) ?? 0
    return {
      name: t?.name ?? symbol,
      symbol,
      chainId: handle.caipId,
      ...(contract !== null && { address: `${handle.caipId}:${getAddress(contract)}` as const }),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: t?.iconUrl ?? tokenIconUrl(symbol),
    }
  }

  const result = [item(native, nativeBalance, null)]
  erc20.forEach((t, i) => {
    const raw = tokenBalances[i]
    if (raw === null || raw === undefined) return
    if (raw > 0n || forcedSet.has(t.address)) result.push(item(t, raw, t.address))
  })
  return result
}
