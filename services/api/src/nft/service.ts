import { type Address, getAddress, parseAbi } from 'viem'
import type { ChainHandle } from '../chain/clients.ts'
import type { Repository } from '../db/repository.ts'
import { decodeNftCursor, encodeNftCursor, foldHoldings, type NftHolding, pageOf } from './holdings.ts'
import { erc1155Uri, type NftMetadata, parseTokenMetadata } from './metadata.ts'

/** The most NFT movements of one account folded into holdings (older ones beyond are not read). */
export const MAX_NFT_TRANSFERS = 20_000

const uriAbi = parseAbi([
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function uri(uint256 id) view returns (string)',
])

export interface NftItem {
  /** eip155:<chain>:<contract>:<tokenId> */
  id: string
  chainId: string
  contract: string
  tokenId: string
  standard: 'ERC721' | 'ERC1155'
  /** Units held, decimal. */
  amount: string
  name: string
  collection: { name: string | null; symbol: string | null }
  /** data:image URI or a URL of this API's origin; null when the metadata has none we may show. */
  image: string | null
  /** The contract is on the service's spam deny list. */
  isSpam: boolean
}

export interface NftPage {
  data: NftItem[]
  next: string | null
}

export interface NftQuery {
  account: Address
  handle: ChainHandle
  cursor: string | undefined
  pageSize: number
  apiOrigin: string | undefined
}

/** One page of the account's NFTs on one chain, folded from the indexed transfers, with metadata. */
export async function nftPage(repo: Repository, q: NftQuery): Promise<NftPage> {
  const { chainId } = q.handle
  const transfers = await repo.nftTransfers(q.account, chainId, MAX_NFT_TRANSFERS)
  const holdings = foldHoldings(q.account, transfers)
  const cursor = q.cursor ? decodeNftCursor(q.cursor) : null
  const { page, more } = pageOf(holdings, cursor, q.pageSize)
  const contracts = [...new Set(page.map((h) => h.contract))]
  const [tokens, spam, metadata] = await Promise.all([
    repo.getTokens(chainId, contracts),
    repo.spamContracts(chainId),
    Promise.all(page.map((h) => readMetadata(q.handle, h, q.apiOrigin))),
  ])
  const byAddress = new Map(tokens.map((t) => [t.address, t]))
  const last = page[page.length - 1]
  return {
    data: page.map((h, i): NftItem => {
      const token = byAddress.get(h.contract)
      const meta = metadata[i] ?? { name: null, image: null }
      const collection = { name: token?.name ?? null, symbol: token?.symbol ?? null }
      const contract = getAddress(h.contract)
      return {
        id: `eip155:${chainId}:${contract}:${h.tokenId}`,
        chainId: `eip155:${chainId}`,
        contract,
        tokenId: h.tokenId,
        standard: h.kind === 'erc1155' ? 'ERC1155' : 'ERC721',
        amount: h.amount.toString(),
        name: meta.name ?? `${collection.name ?? collection.symbol ?? 'NFT'} #${h.tokenId}`,
        collection,
        image: meta.image,
        isSpam: spam.has(h.contract),
      }
    }),
    next: more && last ? encodeNftCursor(last) : null,
  }
}

async function readMetadata(
  handle: ChainHandle,
  holding: NftHolding,
  apiOrigin: string | undefined,
): Promise<NftMetadata> {
  const address = getAddress(holding.contract)
  const id = BigInt(holding.tokenId)
  try {
    const uri =
      holding.kind === 'erc1155'
        ? erc1155Uri(
            await handle.client.readContract({ address, abi: uriAbi, functionName: 'uri', args: [id] }),
            holding.tokenId,
          )
        : await handle.client.readContract({ address, abi: uriAbi, functionName: 'tokenURI', args: [id] })
    return parseTokenMetadata(uri, apiOrigin)
  } catch {
    return { name: null, image: null }
  }
}
