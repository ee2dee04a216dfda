import type { FastifyInstance } from 'fastify'
import type { ApiContext } from '../context.ts'
import { badRequest } from '../http/errors.ts'
import { parse, parseAccount, parseNetwork, sdkQuery, text, v } from '../http/validate.ts'
import { decodeNftCursor } from '../nft/holdings.ts'
import { type NftPage, nftPage } from '../nft/service.ts'

const Query = v.object({
  ...sdkQuery,
  chainId: text(80),
  cursor: v.optional(text(200)),
})

/** NFTs per page (the kernel's Load more asks for the next). */
export const NFT_PAGE_SIZE = 12

/**
 * GET /v1/account/{address}/nfts?chainId=eip155:N&cursor=
 * The ERC-721 / ERC-1155 tokens the account holds on one chain (from the history index), with name
 * and image from data: token metadata (nothing is fetched), isSpam from the deny list; `next` pages on.
 */
export function nftsRoute(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { address: string } }>('/v1/account/:address/nfts', async (req): Promise<NftPage> => {
    const { address } = parseAccount(req.params.address)
    const q = parse(Query, req.query, 'query')
    const network = parseNetwork(q.chainId)
    const handle = 'chainId' in network ? ctx.chains.get(network.chainId) : undefined
    if (!handle) throw badRequest(`chainId ${q.chainId} is not a network this service indexes`)
    if (q.cursor && !decodeNftCursor(q.cursor))
      throw badRequest('Invalid cursor: pass the "next" value of the previous page')
    return nftPage(ctx.repo, {
      account: address,
      handle,
      cursor: q.cursor || undefined,
      pageSize: NFT_PAGE_SIZE,
      apiOrigin: `${req.protocol}://${req.host}`,
    })
  })
}
