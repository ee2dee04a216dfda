import { describe, expect, it } from 'vitest'
import { releaseCloses, sheetOffset } from './sheetDrag.ts'

describe('bottom sheet drag', () => {
  it('follows the pointer down only', () => {
    expect(sheetOffset(500, 560)).toBe(60)
    expect(sheetOffset(500, 420)).toBe(0)
  })

  it('closes past a quarter of the sheet (at most 120 px), or on a fast flick; not on a short slow drag', () => {
    expect(releaseCloses(130, 800, 1000)).toBe(true)
    expect(releaseCloses(60, 200, 1000)).toBe(true)
    expect(releaseCloses(40, 800, 1000)).toBe(false)
    expect(releaseCloses(40, 800, 50)).toBe(true)
    expect(releaseCloses(0, 800, 10)).toBe(false)
  })
})
