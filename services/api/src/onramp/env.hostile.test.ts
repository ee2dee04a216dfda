import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../env.ts'

describe('on-ramp provider variables under attack', () => {
  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['a lone api key', { PORTICO_MOONPAY_API_KEY: 'pk_test_a' }, /set both or neither/],
    ['a lone secret key', { PORTICO_MOONPAY_SECRET_KEY: 'sk_test_a' }, /set both or neither/],
    [
      'keys swapped',
      { PORTICO_MOONPAY_API_KEY: 'sk_test_a', PORTICO_MOONPAY_SECRET_KEY: 'pk_test_a' },
      /PORTICO_MOONPAY_API_KEY: expected a publishable key/,
    ],
    [
      'a test key with a live one',
      { PORTICO_MOONPAY_API_KEY: 'pk_test_a', PORTICO_MOONPAY_SECRET_KEY: 'sk_live_a' },
      /one is a test key, the other live/,
    ],
    [
      'a key carrying a query parameter',
      { PORTICO_MOONPAY_API_KEY: 'pk_test_a&walletAddress=0x1', PORTICO_MOONPAY_SECRET_KEY: 'sk_test_a' },
      /PORTICO_MOONPAY_API_KEY/,
    ],
    ['a bad chain id', { PORTICO_ONRAMP_SANDBOX_CHAINS: '31337,eip155:1' }, /PORTICO_ONRAMP_SANDBOX_CHAINS/],
  ])('refuses %s, naming the variable', (_what, env, message) => {
    expect(() => configFromEnv(env)).toThrow(message)
  })

  it('never puts a key in its error message', () => {
    const secret = 'sk_test_0123456789secret'
    expect(() =>
      configFromEnv({ PORTICO_MOONPAY_API_KEY: 'pk_live_a', PORTICO_MOONPAY_SECRET_KEY: secret }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining(secret) }))
  })
})
