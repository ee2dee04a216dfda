import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor.ts'

describe('history cursor', () => {
  it('round-trips a history position', () => {
    const key = { minedAt: 1_700_000_123, chainId: 31338, blockNumber: 9_876_543, txIndex: 7 }
    const cursor = encodeCursor(key)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual(key)
  })

  it('rejects anything that is not one of ours', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url')
    for (const bad of [
      '',
      'abc',
      '%%%',
      b64('1.2.3'),
      b64('1.2.3.4.5'),
      b64('1.2.x.4'),
      b64('-1.2.3.4'),
      b64('99999999999999999.1.1.1'),
      'a'.repeat(201),
    ])
      expect(decodeCursor(bad), bad).toBeNull()
  })
})
