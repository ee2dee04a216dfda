/**
 * Raw effects made answerable: each token by its CAIP-10 address, with the symbol, name and decimals
 * read from its contract (display-safe: chain/erc20.ts) and whether it is on the network's token list.
 * A contract that is not a token, or one beyond the per-preview look-ups, is answered unknown and unlisted.
 */
import type { PreviewApproval, PreviewAssetChange, PreviewToken } from '@portico/shared-types/api'
import type { Address } from 'viem'
import type { ChainHandle } from '../chain/clients.ts'
import type { Repository, TokenRecord } from '../db/repository.ts'
import { resolveTokens } from '../tokens.ts'
import type { Effects, RawApproval, RawChange, Standard } from './effects.ts'
import { MAX_TOKEN_LOOKUPS } from './limits.ts'

export interface DescribedEffects {
  changes: PreviewAssetChange[]
  approvals: PreviewApproval[]
}

export async function describeEffects(
  repo: Repository,
  handle: ChainHandle,
  effects: Effects,
  lookups = MAX_TOKEN_LOOKUPS,
): Promise<DescribedEffects> {
  const contracts = new Map<string, Standard | 'unknown'>()
  for (const e of [...effects.changes, ...effects.approvals])
    if (e.standard !== 'native') contracts.set(e.token.toLowerCase(), e.standard)
  // No look-ups at all: the database's tokens only (resolveTokens may still fill in metadata on chain).
  const records =
    lookups === 0
      ? await repo.getTokens(handle.chainId, [...contracts.keys()])
      : await resolveTokens(
          repo,
          handle,
          [...contracts].map(([address, kind]) => ({ address, kind })),
          { maxLookups: lookups },
        )
  const byAddress = new Map(records.map((r) => [r.address, r]))
  const token = (address: Address, standard: Standard | 'unknown'): PreviewToken =>
    standard === 'native'
      ? {
          address: `${handle.caipId}:${address}`,
          standard,
          symbol: handle.native.symbol,
          name: handle.native.name,
          decimals: handle.native.decimals,
          listed: true,
        }
      : tokenOf(handle, address, standard, byAddress.get(address.toLowerCase()))
  return {
    changes: effects.changes.map((c) => change(c, token(c.token, c.standard))),
    approvals: effects.approvals.map((a) => approval(a, token(a.token, a.standard))),
  }
}

function tokenOf(
  handle: ChainHandle,
  address: Address,
  standard: Standard | 'unknown',
  record: TokenRecord | undefined,
): PreviewToken {
  return {
    address: `${handle.caipId}:${address}`,
    standard: standard === 'unknown' ? (record?.kind ?? 'unknown') : standard,
    symbol: record?.symbol ?? null,
    name: record?.name ?? null,
    decimals: record?.decimals ?? null,
    listed: record?.listed ?? false,
  }
}

function change(c: RawChange, token: PreviewToken): PreviewAssetChange {
  return {
    direction: c.direction,
    token,
    ...(c.amount !== undefined && { amount: c.amount.toString() }),
    ...(c.tokenId !== undefined && { tokenId: c.tokenId.toString() }),
    counterparty: c.counterparty,
  }
}

function approval(a: RawApproval, token: PreviewToken): PreviewApproval {
  return {
    token,
    spender: a.spender,
    ...(a.amount !== undefined && { amount: a.amount.toString() }),
    unlimited: a.unlimited,
    ...(a.tokenId !== undefined && { tokenId: a.tokenId.toString() }),
    ...(a.forAll !== undefined && { forAll: a.forAll }),
    revoked: a.revoked,
    ...(a.deadline !== undefined && { deadline: a.deadline.toString() }),
    ...(a.expiration !== undefined && { expiration: a.expiration.toString() }),
  }
}
