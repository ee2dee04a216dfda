import type { CaipNetworkId } from '@portico/shared-types'

/** The balance API refuses a call naming more tokens than this. */
export const MAX_FORCED_TOKENS = 50

const EIP155_NETWORK = /^eip155:\d{1,20}$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * The balance call's `forceUpdate`: the tokens the app configured for the network
 * (`defineNetwork({ tokens })`) as CAIP-10 addresses, comma-separated, so they are reported even when
 * the balance is zero or the token is not on the API's list. One malformed entry would make the API
 * refuse the whole call, so entries that are not EVM addresses are left out, as are repeats; at most
 * MAX_FORCED_TOKENS are sent (the first ones, in the app's order). Undefined when none remain.
 */
export function forceUpdateParam(
  caipNetworkId: CaipNetworkId,
  tokens: readonly unknown[] | undefined,
): string | undefined {
  if (!EIP155_NETWORK.test(caipNetworkId) || !tokens) return undefined
  const seen = new Set<string>()
  for (const token of tokens) {
    if (seen.size === MAX_FORCED_TOKENS) break
    if (typeof token === 'string' && EVM_ADDRESS.test(token)) seen.add(token.toLowerCase())
  }
  return seen.size ? [...seen].map((address) => `${caipNetworkId}:${address}`).join(',') : undefined
}
