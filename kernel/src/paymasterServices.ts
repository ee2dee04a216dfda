/**
 * The app's `paymasterServices` option (ERC-7677 paymaster service URL per CAIP-2 eip155 network),
 * checked once at createModal: plugins hand these URLs to the wallet in wallet_sendCalls, so each is
 * an https URL (http only on a loopback host, the local stack) on an eip155 network id.
 */
import { UsageError } from './errors/usage.ts'
import { isSafeWebUrl } from './safeWebUrl.ts'

/** Far more networks than an app requests; a longer map is a mistake, not a configuration. */
export const MAX_PAYMASTER_SERVICES = 100
const MAX_URL_LENGTH = 2048
const EIP155_NETWORK = /^eip155:[1-9]\d{0,15}$/

const invalid = (why: string) =>
  new UsageError('CONFIG_INVALID_PAYMASTER_SERVICE', `Portico: \`paymasterServices\` ${why}`)

/** A copy of the option, or a UsageError saying what to change. */
export function checkPaymasterServices(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid("must map CAIP-2 network ids ('eip155:1') to paymaster service URLs")
  const entries = Object.entries(value)
  if (entries.length > MAX_PAYMASTER_SERVICES)
    throw invalid(`lists more than ${MAX_PAYMASTER_SERVICES} networks`)
  for (const [network, url] of entries) {
    if (!EIP155_NETWORK.test(network))
      throw invalid(
        `has "${network.slice(0, 40)}": ERC-7677 paymasters serve eip155 networks ('eip155:<chain id>')`,
      )
    if (typeof url !== 'string' || url.length > MAX_URL_LENGTH || !isSafeWebUrl(url))
      throw invalid(`of ${network} must be an https URL (http only on localhost)`)
  }
  return Object.fromEntries(entries) as Record<string, string>
}
