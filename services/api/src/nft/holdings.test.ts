import { describe, expect, it } from 'vitest'
import type { NftTransfer } from '../db/repository.ts'
import { decodeNftCursor, encodeNftCursor, foldHoldings, pageOf } from './holdings.ts'

const ME = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const ZERO = '0x0000000000000000000000000000000000000000'
const C1 = '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
const C2 = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'

const t = (over: Partial<NftTransfer>): NftTransfer => ({
  contract: C1,
  tokenId: '1',
  kind: 'erc721',
  from: ZERO,
  to: ME,
  amount: '1',
  ...over,
})

describe('foldHoldings', () => {
  it('keeps what the account still holds: sent-away tokens go, ERC-1155 units add up', () => {
    const held = foldHoldings(ME.toUpperCase().replace('0X', '0x'), [
      t({ tokenId: '1' }),
      t({ tokenId: '2' }),
      t({ tokenId: '2', from: ME, to: OTHER }),
      t({ contract: C2, kind: 'erc1155', tokenId: '7', amount: '5' }),
      t({ contract: C2, kind: 'erc1155', tokenId: '7', amount: '2', from: ME, to: OTHER }),
      t({ contract: C2, kind: 'erc1155', tokenId: '8', amount: '3', from: ME, to: ME }),
    ])
    expect(held.map((h) => [h.contract, h.tokenId, h.amount])).toEqual([
      [C1, '1', 1n],
      [C2, '7', 3n],
    ])
  })

  it('orders token ids as numbers, not text', () => {
    const held = foldHoldings(ME, [t({ tokenId: '10' }), t({ tokenId: '9' }), t({ tokenId: '100' })])
    expect(held.map((h) => h.tokenId)).toEqual(['9', '10', '100'])
  })

  it('skips rows whose id or amount is not a decimal integer', () => {
    expect(foldHoldings(ME, [t({ tokenId: '0x1' }), t({ amount: '-1' }), t({ tokenId: '' })])).toEqual([])
  })
})

describe('paging', () => {
  const held = foldHoldings(
    ME,
    ['1', '2', '3', '4', '5'].map((tokenId) => t({ tokenId })),
  )

  it('pages on after the cursor until no more follow', () => {
    const first = pageOf(held, null, 2)
    expect(first.page.map((h) => h.tokenId)).toEqual(['1', '2'])
    expect(first.more).toBe(true)
    const at = (i: number, list = held) => list[i] ?? raise(`no item ${i}`)
    const cursor = decodeNftCursor(encodeNftCursor(at(1, first.page)))
    const second = pageOf(held, cursor, 2)
    expect(second.page.map((h) => h.tokenId)).toEqual(['3', '4'])
    const third = pageOf(held, decodeNftCursor(encodeNftCursor(at(1, second.page))), 2)
    expect(third).toEqual({ page: [held[4]], more: false })
  })

  it('a cursor past the end gives an empty last page', () => {
    expect(pageOf(held, { contract: C2, tokenId: '1' }, 2)).toEqual({ page: [], more: false })
  })

  it('refuses cursors that are not ours', () => {
    expect(decodeNftCursor('not a cursor!')).toBeNull()
    expect(decodeNftCursor(Buffer.from('0xzz.1').toString('base64url'))).toBeNull()
    expect(decodeNftCursor(Buffer.from(`${C1}.1.2`).toString('base64url'))).toBeNull()
    expect(decodeNftCursor('A'.repeat(201))).toBeNull()
  })
})

function raise(message: string): never {
  throw new Error(message)
}
