import { describe, expect, it, vi } from 'vitest'
import { readUntilNewest } from './catchUp.ts'

const reads = (...answers: ({ newest: string | undefined } | undefined)[]) =>
  vi.fn(async () => answers.shift())
const noWait = vi.fn(async () => {})
const options = (stopped = () => false) => ({ reads: 5, intervalMs: 1_000, stopped })

describe('reading the first page until the new transaction is there', () => {
  it('reads again, 1 s apart, while the newest item is the one from before', async () => {
    const read = reads({ newest: 'a' }, { newest: 'a' }, { newest: 'b' }, { newest: 'c' })
    const wait = vi.fn(async () => {})
    await readUntilNewest(read, 'a', options(), wait)
    expect(read).toHaveBeenCalledTimes(3)
    expect(wait).toHaveBeenCalledTimes(2)
    expect(wait).toHaveBeenCalledWith(1_000)
  })

  it('an account whose list was empty waits for its first transaction', async () => {
    const read = reads({ newest: undefined }, { newest: 'first' })
    await readUntilNewest(read, undefined, options(), noWait)
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('gives up after `reads` reads, and at once when a read fails', async () => {
    const same = vi.fn(async () => ({ newest: 'a' }))
    await readUntilNewest(same, 'a', options(), noWait)
    expect(same).toHaveBeenCalledTimes(5)
    const failing = reads(undefined, { newest: 'b' })
    await readUntilNewest(failing, 'a', options(), noWait)
    expect(failing).toHaveBeenCalledTimes(1)
  })

  it('stops when the tab goes away (the account or network changed, the modal closed)', async () => {
    let stopped = false
    const read = vi.fn(async () => {
      stopped = true
      return { newest: 'a' }
    })
    await readUntilNewest(
      read,
      'a',
      options(() => stopped),
      noWait,
    )
    expect(read).toHaveBeenCalledTimes(1)
  })
})
