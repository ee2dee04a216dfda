import type { OnrampProvidersInput } from './config.ts'

const API_KEY = /^pk_(test|live)_[A-Za-z0-9_-]{1,200}$/
const SECRET_KEY = /^sk_(test|live)_[A-Za-z0-9_-]{1,200}$/
const OFF = ['0', 'off', 'false', 'no']

/**
 * PORTICO_ONRAMP_SANDBOX (on by default; off, 0, false, no), PORTICO_ONRAMP_SANDBOX_CHAINS (chain ids,
 * the devnet's by default), PORTICO_MOONPAY_API_KEY and PORTICO_MOONPAY_SECRET_KEY. Undefined when
 * none is set; throws naming the variable on a bad value, never echoing a key.
 */
export function onrampProvidersFromEnv(env: NodeJS.ProcessEnv): OnrampProvidersInput | undefined {
  const out: OnrampProvidersInput = {}
  const sandbox: NonNullable<OnrampProvidersInput['sandbox']> = {}
  if (env.PORTICO_ONRAMP_SANDBOX) sandbox.enabled = !OFF.includes(env.PORTICO_ONRAMP_SANDBOX.toLowerCase())
  if (env.PORTICO_ONRAMP_SANDBOX_CHAINS) sandbox.chainIds = chainIds(env.PORTICO_ONRAMP_SANDBOX_CHAINS)
  if (Object.keys(sandbox).length > 0) out.sandbox = sandbox
  const moonpay = moonpayFromEnv(env.PORTICO_MOONPAY_API_KEY, env.PORTICO_MOONPAY_SECRET_KEY)
  if (moonpay) out.moonpay = moonpay
  return Object.keys(out).length > 0 ? out : undefined
}

function chainIds(value: string): number[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => {
      if (!/^[1-9]\d{0,14}$/.test(s))
        throw new Error(`PORTICO_ONRAMP_SANDBOX_CHAINS: expected chain ids such as "31337,31338", got "${s}"`)
      return Number(s)
    })
}

/** Both keys or neither: a lone key would leave the provider half-configured. */
function moonpayFromEnv(
  apiKey: string | undefined,
  secretKey: string | undefined,
): OnrampProvidersInput['moonpay'] {
  if (!apiKey && !secretKey) return undefined
  if (!apiKey || !secretKey)
    throw new Error('PORTICO_MOONPAY_API_KEY and PORTICO_MOONPAY_SECRET_KEY: set both or neither')
  const api = API_KEY.exec(apiKey)
  const sec = SECRET_KEY.exec(secretKey)
  if (!api) throw new Error('PORTICO_MOONPAY_API_KEY: expected a publishable key, pk_test_… or pk_live_…')
  if (!sec) throw new Error('PORTICO_MOONPAY_SECRET_KEY: expected a secret key, sk_test_… or sk_live_…')
  if (api[1] !== sec[1])
    throw new Error(
      'PORTICO_MOONPAY_API_KEY and PORTICO_MOONPAY_SECRET_KEY: one is a test key, the other live',
    )
  return { apiKey, secretKey }
}
