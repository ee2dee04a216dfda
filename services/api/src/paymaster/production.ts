import { DEV_PAYMASTER_SIGNER_KEY } from '@portico/devnet'
import type { PaymasterConfig } from './config.ts'

const KEY_FIX =
  "set PORTICO_PAYMASTER_KEY or PORTICO_PAYMASTER_KEY_FILE to the sponsor's own key (the paymaster's signer), or PORTICO_PAYMASTER=off"

/**
 * What in the paymaster configuration must not run in production, one sentence each ("what: how to
 * fix it"), for the production start-up check; empty when the service is off or configured.
 */
export function paymasterProductionProblems(config: { paymaster: PaymasterConfig | null }): string[] {
  const paymaster = config.paymaster
  if (!paymaster) return []
  if (!paymaster.signerKey) return [`no paymaster signing key: ${KEY_FIX}`]
  if (paymaster.signerKey.toLowerCase() === DEV_PAYMASTER_SIGNER_KEY.toLowerCase())
    return [`the devnet's paymaster signing key (public in this repository): ${KEY_FIX}`]
  return []
}
