import type { FungiblePrice, FungiblePriceResponse } from '@portico/shared-types'
import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { parse, parseTokenAddress, v } from '../http/validate.ts'
import { tokenIconUrl } from '../icons.ts'
import { NATIVE_ADDRESS, resolveTokens } from '../tokens.ts'

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
 * token we know a price for; the native token is eip155:<id>:0xeeee…eeee. Unknown ones are left out.
 */
export function fungiblePriceRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.post('/v1/fungible/price', async (req): Promise<FungiblePriceResponse> => {
    const body = parse(Body, req.body ?? null, 'body')
    const wanted = body.addresses.map(parseTokenAddress)
    // Answer each address as it was asked for (case included).
    const asked = new Map(
      wanted.map((w, i) => [`${w.chainId}:${w.address.toLowerCase()}`, body.addresses[i] ?? '']),
    )
    const fungibles: FungiblePrice[] = []
    for (const [chainId, addresses] of groupByChain(wanted)) {
      const handle = ctx.chains.get(chainId)
      if (!handle) continue
      const native = addresses.filter((a) => a.toLowerCase() === NATIVE_ADDRESS)
      const tokens = await resolveTokens(
        ctx.repo,
        handle,
        addresses
          .filter((a) => a.toLowerCase() !== NATIVE_ADDRESS)
          .map((address) => ({ address, kind: 'erc20' as const })),
      ).catch(() => ctx.repo.getTokens(chainId, addresses))
      const entries = [
        ...native.map((address) => ({ address, ...handle.native })),
        ...tokens.map((t) => ({
          address: t.address,
          name: t.name ?? t.symbol ?? '',
          symbol: t.symbol ?? '',
        })),
      ]
      const prices = await ctx.repo.getPrices(
        entries.map((e) => e.symbol).filter((s) => s !== ''),
        body.currency,
      )
      for (const e of entries) {
        const price = prices.get(e.symbol.toUpperCase())
        if (price === undefined) continue
        const original =
          asked.get(`${chainId}:${e.address.toLowerCase()}`) ?? `eip155:${chainId}:${e.address}`
        fungibles.push({
          name: e.name,
          symbol: e.symbol,
          iconUrl: tokenIconUrl(e.symbol),
          price,
          address: original as FungiblePrice['address'],
        })
      }
    }
    return { fungibles }
  })
}

function groupByChain(list: { chainId: number; address: string }[]): Map<number, string[]> {
  const out = new Map<number, string[]>()
  for (const { chainId, address } of list) out.set(chainId, [...(out.get(chainId) ?? []), address])
  return out
}
