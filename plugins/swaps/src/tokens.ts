/**
 * The swap token list as the view may use it: every entry of the API's list checked on its own (a
 * hostile or broken entry is dropped, the rest stays), identified by its CAIP-10 address only (never
 * by symbol or name), with the visitor's balances and prices joined by address.
 */
import type { CaipAddress, CaipNetworkId, SwapTokenInfo, TokenBalance } from '@portico/shared-types'

/** Bounds of an entry we show: a list longer than this is cut, longer texts are refused. */
export const MAX_TOKENS = 500
export const MAX_SYMBOL_LENGTH = 16
export const MAX_NAME_LENGTH = 64
/** ERC-20 decimals above this are no real token's (and make unit maths absurd). */
export const MAX_DECIMALS = 36

/** The native token's placeholder contract address in the swap API (any case). */
export const NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const CAIP_EVM = /^eip155:(\d{1,20}):(0x[\da-fA-F]{40})$/
// Control, format (bidi overrides, zero-width), unassigned and private-use characters.
const INVISIBLE = /\p{C}/u

/** The key a token is known by: its CAIP-10 address, lower case. */
export const tokenKey = (address: string): string => address.toLowerCase()

export const isNativeToken = (address: string): boolean => tokenKey(address).endsWith(`:${NATIVE_ADDRESS}`)

const cleanText = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  if (text.length === 0 || text.length > max || INVISIBLE.test(text)) return undefined
  return text
}

/** https anywhere, http only on a loopback host (the local stack); anything else shows no image. */
export function safeImageUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return ''
  try {
    const url = new URL(value)
    if (url.protocol === 'https:') return url.href
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    return url.protocol === 'http:' && loopback ? url.href : ''
  } catch {
    return ''
  }
}

/**
 * Keeps the entries of `chainId`'s list that are what they claim: a CAIP-10 eip155 address on this
 * network, integer decimals 1–36, a short visible symbol and name. Duplicates of an address keep the
 * first. Nothing about an entry is trusted past this point but its address.
 */
export function sanitizeTokens(entries: readonly unknown[], caipNetworkId: CaipNetworkId): SwapTokenInfo[] {
  const chainId = caipNetworkId.split(':')[1]
  const seen = new Set<string>()
  const tokens: SwapTokenInfo[] = []
  for (const entry of entries) {
    if (tokens.length >= MAX_TOKENS) break
    if (typeof entry !== 'object' || entry === null) continue
    const raw = entry as Record<string, unknown>
    const match = typeof raw.address === 'string' ? CAIP_EVM.exec(raw.address) : null
    if (!match || match[1] !== chainId) continue
    const { decimals } = raw
    if (
      typeof decimals !== 'number' ||
      !Number.isInteger(decimals) ||
      decimals < 1 ||
      decimals > MAX_DECIMALS
    )
      continue
    const symbol = cleanText(raw.symbol, MAX_SYMBOL_LENGTH)
    const name = raw.name === undefined ? symbol : cleanText(raw.name, MAX_NAME_LENGTH)
    if (!symbol || !name) continue
    const address = raw.address as CaipAddress
    const key = tokenKey(address)
    if (seen.has(key)) continue
    seen.add(key)
    tokens.push({
      address,
      symbol,
      name,
      decimals,
      logoUri: safeImageUrl(raw.logoUri),
      ...(raw.eip2612 === true ? { eip2612: true } : {}),
      quantity: { decimals: String(decimals), numeric: '0' },
      price: 0,
    })
  }
  return tokens
}

/** Balance (decimal string) of each token by key; the native balance has no address in the balance API. */
export function balancesByKey(balances: readonly TokenBalance[], caipNetworkId: string): Map<string, string> {
  const map = new Map<string, string>()
  for (const balance of balances) {
    if (balance.chainId !== caipNetworkId) continue
    const key = balance.address ? tokenKey(balance.address) : tokenKey(`${caipNetworkId}:${NATIVE_ADDRESS}`)
    map.set(key, balance.quantity.numeric)
  }
  return map
}

/**
 * The list with each token's balance and price (by address), its value in USD. With `prices` read
 * (undefined when the price call failed), a token the price service does not know is unverified.
 */
export function withBalances(
  tokens: readonly SwapTokenInfo[],
  balances: Map<string, string>,
  prices: Record<string, number> | undefined,
): SwapTokenInfo[] {
  return tokens.map((token) => {
    const key = tokenKey(token.address)
    const numeric = balances.get(key) ?? '0'
    const price = prices?.[key] ?? 0
    return {
      ...token,
      quantity: { decimals: String(token.decimals), numeric },
      price,
      value: Number(numeric) * price,
      ...(prices ? { verified: Object.hasOwn(prices, key) } : {}),
    }
  })
}

/** behaviour §3: popular tokens sorted by symbol (then address, so the order is stable). */
export const popularTokens = (tokens: readonly SwapTokenInfo[]): SwapTokenInfo[] =>
  [...tokens].sort(
    (a, b) =>
      a.symbol.localeCompare(b.symbol, 'en') || tokenKey(a.address).localeCompare(tokenKey(b.address)),
  )

/** Tokens the visitor holds, most valuable first. */
export const myTokensWithBalance = (tokens: readonly SwapTokenInfo[]): SwapTokenInfo[] =>
  tokens.filter((token) => Number(token.quantity.numeric) > 0).sort((a, b) => (b.value ?? 0) - (a.value ?? 0))

/** Search by symbol or name (case-insensitive), or by contract address (0x… or CAIP-10, a prefix). */
export function searchTokens(tokens: readonly SwapTokenInfo[], query: string): SwapTokenInfo[] {
  const text = query.trim().toLowerCase().slice(0, 100)
  if (!text) return [...tokens]
  return tokens.filter((token) => {
    const key = tokenKey(token.address)
    const contract = key.split(':')[2] ?? ''
    return (
      token.symbol.toLowerCase().includes(text) ||
      token.name.toLowerCase().includes(text) ||
      (text.startsWith('0x') && text.length >= 4 && contract.startsWith(text)) ||
      (text.startsWith('eip155:') && key.startsWith(text))
    )
  })
}
