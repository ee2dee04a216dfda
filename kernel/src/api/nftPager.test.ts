import { describe, expect, it } from 'vitest'
import { createNftPager, type LoadNftPage, MAX_LISTED_NFTS } from './nftPager.ts'
import type { NftItem } from './schemasNfts.ts'

const nft = (id: string, isSpam = false): NftItem => ({
  id,
  contract: '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  tokenId: '1',
  standard: 'ERC721',
  amount: '1',
  name: id,
  image: null,
  isSpam,
})

/** Resolves once the pager's state satisfies `done`. */
function until(pager: ReturnType<typeof createNftPager>, done: (s: ReturnType<typeof pager.get>) => boolean) {
  return new Promise<void>((resolve) => {
    if (done(pager.get())) return resolve()
    const off = pager.subscribe(() => {
      if (done(pager.get())) {
        off()
        resolve()
      }
    })
  })
}

describe('createNftPager', () => {
  it('asks for nothing until something subscribes', () => {
    let calls = 0
    createNftPager(async () => {
      calls++
      return { items: [], next: null }
    })
    expect(calls).toBe(0)
  })

  it('loads the first page, then more after the cursor; spam and repeats are left out', async () => {
    const cursors: (string | undefined)[] = []
    const load: LoadNftPage = async (cursor) => {
      cursors.push(cursor)
      return cursor
        ? { items: [nft('b'), nft('a'), nft('s2', true)], next: null }
        : { items: [nft('a'), nft('s1', true)], next: 'c1' }
    }
    const pager = createNftPager(load)
    expect(pager.get().status).toBe('loading')
    await until(pager, (s) => s.status === 'ready')
    expect(pager.get().items.map((i) => i.id)).toEqual(['a'])
    expect(pager.get().next).toBe('c1')
    await pager.more()
    expect(pager.get().items.map((i) => i.id)).toEqual(['a', 'b'])
    expect(pager.get().next).toBeNull()
    expect(cursors).toEqual([undefined, 'c1'])
  })

  it('a failed first page is an error state; retry loads it again', async () => {
    let calls = 0
    const pager = createNftPager(async () => {
      calls++
      if (calls === 1) throw new Error('down')
      return { items: [nft('a')], next: null }
    })
    await until(pager, (s) => s.status === 'error')
    await pager.retry()
    expect(pager.get()).toMatchObject({ status: 'ready', items: [nft('a')] })
  })

  it('a failed Load more keeps the items and offers the retry', async () => {
    let fail = true
    const pager = createNftPager(async (cursor) => {
      if (!cursor) return { items: [nft('a')], next: 'c1' }
      if (fail) throw new Error('down')
      return { items: [nft('b')], next: null }
    })
    await until(pager, (s) => s.status === 'ready')
    await pager.more()
    expect(pager.get()).toMatchObject({ moreFailed: true, next: 'c1', items: [nft('a')] })
    fail = false
    await pager.retry()
    expect(pager.get()).toMatchObject({ moreFailed: false, items: [nft('a'), nft('b')] })
  })

  it('stops at MAX_LISTED_NFTS however many pages the API offers', async () => {
    let n = 0
    const pager = createNftPager(async () => ({
      items: Array.from({ length: 100 }, () => nft(`n${n++}`)),
      next: 'again',
    }))
    await until(pager, (s) => s.status === 'ready')
    for (let i = 0; i < 20 && pager.get().next; i++) await pager.more()
    expect(pager.get().items).toHaveLength(MAX_LISTED_NFTS)
    expect(pager.get().next).toBeNull()
  })

  it('ignores an answer that arrives after dispose', async () => {
    let release: (value: { items: NftItem[]; next: null }) => void = () => {}
    let calls = 0
    const pager = createNftPager(() => {
      calls++
      return new Promise((resolve) => (release = resolve))
    })
    pager.subscribe(() => {})
    expect(calls).toBe(1)
    pager.dispose()
    release({ items: [nft('a')], next: null })
    await Promise.resolve()
    expect(pager.get().status).toBe('loading')
  })
})
