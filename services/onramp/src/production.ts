/**
 * What the on-ramp provider page refuses in production (PORTICO_ENV or NODE_ENV=production), all
 * listed in one start-up error (@portico/ops refuseDevDefaults).
 */
import { type DevDefault, isLoopbackOrigin } from '@portico/ops'
import type { OnrampOptions } from './server.ts'
import { DEFAULT_TREASURY_KEY } from './treasury.ts'

export function onrampDevDefaults(options: OnrampOptions): DevDefault[] {
  const problems: DevDefault[] = [...sandboxPage()]
  if (options.secret.length < 32)
    problems.push({
      name: 'no API secret (PORTICO_ONRAMP_SECRET)',
      fix: "set PORTICO_ONRAMP_SECRET to the API's onramp secret (≥ 32 characters)",
    })
  if (options.treasuryKey.toLowerCase() === DEFAULT_TREASURY_KEY.toLowerCase())
    problems.push({
      name: 'the sandbox treasury key (a public, generated key)',
      fix: 'set PORTICO_ONRAMP_TREASURY_KEY to a key of your own, kept secret',
    })
  if (options.chains.length === 0 || options.chains.every((c) => isLoopbackOrigin(new URL(c.rpcUrl).origin)))
    problems.push({ name: 'the devnet chains (RPC on localhost)', fix: 'set PORTICO_CHAINS' })
  return problems
}

// This service only takes test cards: production refuses it whatever else is configured (a real
// provider, e.g. MoonPay, is configured in the API instead).
function sandboxPage(): DevDefault[] {
  return [
    {
      name: 'the sandbox on-ramp (test-card payments, tokens sent from a treasury)',
      fix: 'do not run this service in production; configure a real provider in the API (PORTICO_MOONPAY_API_KEY and PORTICO_MOONPAY_SECRET_KEY) and set PORTICO_ONRAMP_SANDBOX=off there',
    },
  ]
}
