import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.ts'
import { configFromEnv } from '../env.ts'

const providersOf = (env: NodeJS.ProcessEnv) => resolveConfig(configFromEnv(env)).onrampProviders

describe('on-ramp providers from the environment', () => {
  it('defaults: the sandbox on the devnet chains, no MoonPay', () => {
    expect(providersOf({})).toEqual({ sandbox: { enabled: true, chainIds: [31337, 31338] }, moonpay: null })
  })

  it('reads every variable', () => {
    expect(
      providersOf({
        PORTICO_ONRAMP_SANDBOX: 'off',
        PORTICO_ONRAMP_SANDBOX_CHAINS: '31337, 5',
        PORTICO_MOONPAY_API_KEY: 'pk_live_abc',
        PORTICO_MOONPAY_SECRET_KEY: 'sk_live_def',
      }),
    ).toEqual({
      sandbox: { enabled: false, chainIds: [31337, 5] },
      moonpay: { apiKey: 'pk_live_abc', secretKey: 'sk_live_def' },
    })
    expect(providersOf({ PORTICO_ONRAMP_SANDBOX: 'on' }).sandbox.enabled).toBe(true)
  })
})
