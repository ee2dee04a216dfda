import type { TokenBalance } from '@portico/shared-types'
import { type Address, formatUnits, getAddress } from 'viem'
import type { ChainHandle } from './chain/clients.ts'
import { readTokenBalances } from './chain/erc20.ts'
import type { Repository, TokenRecord } from './db/repository.ts'
import { UNKNOWN_SYMBOL } from './displayText.ts'
import { tokenIconUrl, UNVERIFIED_TOKEN_ICON_URL } from './icons.ts'
import { NATIVE_ADDRESS, REQUEST_LOOKUPS, resolveTokens, withMetadata } from './tokens.ts'

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
          REQUEST_LOOKUPS,
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
  // Priced by (chain, contract) among listed tokens only: never by the symbol a contract reports.
  const prices = await repo.getPrices(
    handle.chainId,
    [NATIVE_ADDRESS, ...erc20.map((t) => t.address)],
    query.currency,
  )

  const item = (t: TokenRecord | undefined, raw: bigint, contract: string | null): TokenBalance => {
    // `t` is undefined only for the native token (listed by configuration). An ERC-20 without a
    // symbol never borrows the native one.
    const isNative = contract === null
    const verified = isNative || t?.listed === true
    const symbol = isNative ? (t?.symbol ?? handle.native.symbol) : (t?.symbol ?? UNKNOWN_SYMBOL)
    const decimals = t?.decimals ?? handle.native.decimals
    const numeric = formatUnits(raw, decimals)
    const price = prices.get(isNative ? NATIVE_ADDRESS : contract.toLowerCase())
    return {
      name: t?.name ?? (isNative ? handle.native.name : symbol),
      symbol,
      chainId: handle.caipId,
      ...(contract !== null && { address: `${handle.caipId}:${getAddress(contract)}` as const }),
      // An unpriced token shows its quantity only: price 0 (the schema wants one), no fiat value.
      ...(price !== undefined && { value: Number(numeric) * price }),
      price: price ?? 0,
      quantity: { decimals: String(decimals), numeric },
      // Not on the token list: said so, and never a listed token's icon (the disc derives from the symbol).
      iconUrl: verified ? (t?.iconUrl ?? tokenIconUrl(symbol)) : UNVERIFIED_TOKEN_ICON_URL,
      verified,
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
