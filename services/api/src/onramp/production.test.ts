import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../config.ts'
import { onrampProductionProblems } from './production.ts'

describe('onrampProductionProblems', () => {
  it('names the sandbox on-ramp while it is enabled (the default)', () => {
    const problems = onrampProductionProblems(resolveConfig({}))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^PORTICO_ONRAMP_SANDBOX: the sandbox on-ramp is enabled/)
  })

  it('names MoonPay test keys, and nothing once the sandbox is off and the keys are live', () => {
    const off = { sandbox: { enabled: false } }
    expect(
      onrampProductionProblems(
        resolveConfig({
          onrampProviders: { ...off, moonpay: { apiKey: 'pk_test_a', secretKey: 'sk_test_b' } },
        }),
      ),
    ).toEqual([expect.stringMatching(/^PORTICO_MOONPAY_API_KEY: a test key/)])
    expect(
      onrampProductionProblems(
        resolveConfig({
          onrampProviders: { ...off, moonpay: { apiKey: 'pk_live_a', secretKey: 'sk_live_b' } },
        }),
      ),
    ).toEqual([])
    expect(onrampProductionProblems(resolveConfig({ onrampProviders: off }))).toEqual([])
  })
})
