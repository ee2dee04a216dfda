// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { BALANCE_FRESH_MS, revalidation } from './revalidate.ts'

describe('revalidation', () => {
  it('reads when nothing is cached', () => {
    expect(revalidation(undefined, false)).toEqual({ read: true })
  })

  it('shows a fresh answer and does not read', () => {
    expect(revalidation({ value: 'a', ageMs: BALANCE_FRESH_MS - 1 }, false)).toEqual({
      show: 'a',
      read: false,
    })
  })

  it('shows an older answer at once and reads again', () => {
    expect(revalidation({ value: 'a', ageMs: BALANCE_FRESH_MS }, false)).toEqual({ show: 'a', read: true })
  })

  it('force shows nothing cached and reads', () => {
    expect(revalidation({ value: 'a', ageMs: 0 }, true)).toEqual({ read: true })
  })
})
