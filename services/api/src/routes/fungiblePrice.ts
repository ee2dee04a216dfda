import type { FungiblePrice, FungiblePriceResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { parse, parseTokenAddress, v } from '../http/validate.ts'
import { tokenIconUrl } from '../icons.ts'
import { NATIVE_ADDRESS, withMetadata } from '../tokens.ts'

const Body = v.object(
  {
    currency: v.pipe(
      v.string('currency must be a string'),
      v.regex(/^[a-zA-Z]{3}$/, 'currency must be a 3-letter code such as usd'),
      v.toLowerCase(),
    ),
    addresses: v.pipe(
      v.array(v.string('addresses must be strings'), 'addresses must be a list of CAIP-10 token addresses'),
      v.minLength(1, 'addresses must not be empty'),
      v.maxLength(100, 'at most 100 addresses per call'),
    ),
    projectId: v.optional(v.string()),
  },
  'body must be a JSON object with currency, addresses and projectId',
)

/**
 * POST /v1/fungible/price {currency, addresses, projectId}: name, symbol, icon and price of each
 * listed token with a price, by chain and contract; the native token is eip155:<id>:0xeeee…eeee.
 * Others are left out. An address nobody listed costs no chain call and leaves no row behind.
 */
export function fungiblePriceRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.post('/v1/fungible/price', async (req): Promise<FungiblePriceResponse> => {
    const body = parse(Body, req.body ?? null, 'body')
    const wanted = body.addresses.map(parseTokenAddress)
    const fungibles: FungiblePrice[] = []
    const seen = new Set<string>()
    for (const [chainId, asked] of groupByChain(wanted, body.addresses)) {
      const handle = ctx.chains.get(chainId)
      if (!handle) continue
      const lowered = [...asked.keys()]
      const [prices, rows] = await Promise.all([
        ctx.repo.getPrices(chainId, lowered, body.currency),
        ctx.repo.getTokens(chainId, lowered),
      ])
      // Only priced (hence listed) tokens are answered: the operator's few may still lack metadata
      // when their chain was down at start; nobody else's address costs a chain call.
      const priced = rows.filter((t) => prices.has(t.address))
      const tokens = await withMetadata(ctx.repo, handle, priced).catch(() => priced)
      const byAddress = new Map(tokens.map((t) => [t.address, t]))
      for (const [address, original] of asked) {
        const price = prices.get(address)
        if (price === undefined || seen.has(`${chainId}:${address}`)) continue
        seen.add(`${chainId}:${address}`)
        const token = byAddress.get(address)
        const native = address === NATIVE_ADDRESS
        const symbol = native ? handle.native.symbol : (token?.symbol ?? '')
        fungibles.push({
          name: native ? handle.native.name : (token?.name ?? symbol),
          symbol,
          iconUrl: token?.iconUrl ?? tokenIconUrl(symbol),
          price,
          // Answer each address as it was asked for (case included).
          address: original as FungiblePrice['address'],
        })
      }
    }
    return { fungibles }
  })
}

/** Per chain: lower-case address → the CAIP-10 string as asked (first spelling wins). */
function groupByChain(
  list: { chainId: number; address: string }[],
  raw: string[],
): Map<number, Map<string, string>> {
  const out = new Map<number, Map<string, string>>()
  list.forEach(({ chainId, address }, i) => {
    const chain = out.get(chainId) ?? new Map<string, string>()
    const key = address.toLowerCase()
    if (!chain.has(key)) chain.set(key, raw[i] ?? `eip155:${chainId}:${address}`)
    out.set(chainId, chain)
  })
  return out
}
