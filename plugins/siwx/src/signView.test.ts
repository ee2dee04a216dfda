import { describe, expect, it } from 'vitest'
import siwx from './index.ts'

// behaviour reference, deliberate differences: one sign-in view, SIWXSignMessage; no ConnectingSiwe.
describe('the sign-in view', () => {
  it('is SIWXSignMessage alone, sensitive (no ConnectingSiwe)', () => {
    expect(Object.keys(siwx.views ?? {})).toEqual(['SIWXSignMessage'])
    expect(siwx.views?.SIWXSignMessage?.sensitive).toBe(true)
  })
})
