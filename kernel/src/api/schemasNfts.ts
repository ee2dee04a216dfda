/**
 * The NFT page of services/api (GET /v1/account/{address}/nfts; behaviour §7 shows no shape). The page is
 * checked as a whole (bounded count), each item on its own: a malformed item is dropped, not the page.
 */
import * as v from 'valibot'

/** More items than any page the API sends is a hostile answer. */
export const MAX_NFTS_PER_PAGE = 100

const decimal = v.pipe(v.string(), v.regex(/^\d{1,78}$/))

export const NftItemSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  contract: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
  tokenId: decimal,
  standard: v.picklist(['ERC721', 'ERC1155']),
  amount: decimal,
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  image: v.nullable(v.pipe(v.string(), v.maxLength(200_000))),
  isSpam: v.boolean(),
})

export type NftItem = v.InferOutput<typeof NftItemSchema>

export const NftPageSchema = v.object({
  data: v.pipe(v.array(v.unknown()), v.maxLength(MAX_NFTS_PER_PAGE)),
  next: v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
})
