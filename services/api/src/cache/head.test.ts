import { describe, expect, it } from 'vitest'
import type { ChainHandle } from '../chain/clients.ts'
import { freshHead } from './head.ts'

/** A chain handle whose head reads the test answers by hand. */
function handle() {
  const pending: ((n: number) => void)[] = []
  const h = {
    chainId: 1,
    head: {
      read: () => new Promise<number>((resolve) => pending.push(resolve)),
      close: async () => {},
    },
  } as unknown as ChainHandle
  return { h, pending }
}

describe('fresh head', () => {
  it('requests during a read wait for a read started after them; concurrent ones share it', async () => {
    const { h, pending } = handle()
    const first = freshHead(h)
    expect(pending).toHaveLength(1)
    // Asked while the first read runs: that read may have left before them.
    const second = freshHead(h)
    const third = freshHead(h)
    expect(pending).toHaveLength(1)
    pending[0]?.(10)
    expect(await first).toBe(10)
    await Promise.resolve()
    await Promise.resolve()
    expect(pending).toHaveLength(2)
    pending[1]?.(11)
    expect([await second, await third]).toEqual([11, 11])
  })

  it('a failed read fails its requests only; the next request reads again', async () => {
    const { h } = handle()
    let calls = 0
    ;(h.head as { read: () => Promise<number> }).read = async () => {
      calls++
      if (calls === 1) throw new Error('chain down')
      return 7
    }
    await expect(freshHead(h)).rejects.toThrow('chain down')
    expect(await freshHead(h)).toBe(7)
  })
})
