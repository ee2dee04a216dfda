import type { TransactionHistoryItem, TransactionTransfer } from '@portico/shared-types'
import { formatUnits, getAddress } from 'viem'
import type { HistoryTx, TokenRecord, TransferRecord } from '../db/repository.ts'
import { UNKNOWN_SYMBOL } from '../displayText.ts'
import { tokenIconUrl, UNVERIFIED_TOKEN_ICON_URL } from '../icons.ts'
import { NATIVE_ADDRESS } from '../tokens.ts'

export interface ItemContext {
  account: string
  native: { name: string; symbol: string; decimals: number }
  /** Token metadata by lower-case contract address. */
  tokens: Map<string, TokenRecord>
  spam: Set<string>
  /** Price per lower-case contract (NATIVE_ADDRESS for the native token) of this chain's listed tokens. */
  prices: Map<string, number>
}

const ZERO = '0x0000000000000000000000000000000000000000'

/** One indexed transaction as the history item shape of behaviour §3 (Zerion-style transfers). */
export function toHistoryItem(tx: HistoryTx, ctx: ItemContext): TransactionHistoryItem {
  const first = tx.transfers[0]
  const account = ctx.account.toLowerCase()
  const transfers = tx.transfers.map((t) => toTransfer(t, account, ctx))
  return {
    id: `eip155:${tx.chainId}:${tx.txHash}`,
    metadata: {
      operationType: operationType(tx.transfers, account),
      hash: tx.txHash,
      minedAt: new Date(tx.key.minedAt * 1000).toISOString(),
      sentFrom: first ? getAddress(first.txFrom) : '',
      sentTo: first?.txTo ? getAddress(first.txTo) : '',
      status: first?.status === 'reverted' ? 'failed' : 'confirmed',
      nonce: first?.nonce ?? 0,
      chain: `eip155:${tx.chainId}`,
    },
    transfers,
  }
}

function toTransfer(t: TransferRecord, account: string, ctx: ItemContext): TransactionTransfer {
  const direction = t.from === account && t.to === account ? 'self' : t.from === account ? 'out' : 'in'
  if (t.kind === 'erc721' || t.kind === 'erc1155') {
    const token = t.contract ? ctx.tokens.get(t.contract) : undefined
    const name = [token?.name ?? token?.symbol ?? 'NFT', t.tokenId !== null ? `#${t.tokenId}` : '']
      .filter(Boolean)
      .join(' ')
    return {
      nft_info: {
        name,
        flags: { is_spam: t.contract !== null && ctx.spam.has(t.contract) },
        content: { preview: { url: tokenIconUrl(token?.symbol ?? 'NFT') } },
      },
      direction,
      quantity: { decimals: '0', numeric: t.kind === 'erc1155' ? t.amount : '1' },
    }
  }
  const token = t.kind === 'erc20' && t.contract ? ctx.tokens.get(t.contract) : undefined
  const native = t.kind === 'native'
  // Not on the token list: flagged, with the neutral icon, and never the native symbol as a fallback.
  const verified = native || token?.listed === true
  const symbol = native ? ctx.native.symbol : (token?.symbol ?? UNKNOWN_SYMBOL)
  const decimals = native ? ctx.native.decimals : (token?.decimals ?? 0)
  const numeric = formatUnits(BigInt(t.amount), decimals)
  const price = ctx.prices.get(native ? NATIVE_ADDRESS : (t.contract ?? ''))
  return {
    fungible_info: {
      name: native ? ctx.native.name : (token?.name ?? symbol),
      symbol,
      icon: { url: verified ? tokenIconUrl(symbol) : UNVERIFIED_TOKEN_ICON_URL },
      flags: { verified },
    },
    direction,
    quantity: { decimals: String(decimals), numeric },
    ...(price !== undefined && { price, value: Number(numeric) * price }),
  }
}

function operationType(transfers: TransferRecord[], account: string): string {
  if (transfers.length === 0) return 'execute'
  if (transfers.every((t) => t.from === ZERO)) return 'mint'
  if (transfers.every((t) => t.to === ZERO)) return 'burn'
  const out = transfers.some((t) => t.from === account)
  const inn = transfers.some((t) => t.to === account)
  if (out && inn && transfers.some((t) => t.from !== t.to)) return 'trade'
  return out ? 'send' : 'receive'
}
