import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_FEATURES,
  EMAIL_CODE_TTL_MS,
  EMAIL_LOGIN_TTL_MS,
  PAIRING_EXPIRY_MS,
  WALLET_FEATURE_ORDER,
} from './constants.ts'

describe('constants written as literals', () => {
  it('the account features start with the wallet features, in their order', () => {
    expect(ACCOUNT_FEATURES.slice(0, WALLET_FEATURE_ORDER.length)).toEqual([...WALLET_FEATURE_ORDER])
    expect(new Set(ACCOUNT_FEATURES).size).toBe(ACCOUNT_FEATURES.length)
  })

  it('the durations are the minutes their comments say', () => {
    expect(PAIRING_EXPIRY_MS).toBe(4 * 60_000)
    expect(EMAIL_CODE_TTL_MS).toBe(10 * 60_000)
    expect(EMAIL_LOGIN_TTL_MS).toBe(15 * 60_000)
  })
})
