import type { OnrampProvidersConfig } from './config.ts'

/**
 * What in the on-ramp configuration must not run in production, one sentence each naming the variable
 * to change (for the production start-up check; empty when nothing is wrong).
 */
export function onrampProductionProblems(config: { onrampProviders: OnrampProvidersConfig }): string[] {
  const problems: string[] = []
  const { sandbox, moonpay } = config.onrampProviders
  if (sandbox.enabled)
    problems.push(
      'PORTICO_ONRAMP_SANDBOX: the sandbox on-ramp is enabled: it sells from a devnet treasury with test cards; set PORTICO_ONRAMP_SANDBOX=off',
    )
  if (moonpay?.apiKey.startsWith('pk_test_'))
    problems.push(
      "PORTICO_MOONPAY_API_KEY: a test key opens MoonPay's sandbox widget, where no real purchase happens; use the live keys",
    )
  return problems
}
