/**
 * The calls an eth_sendTransaction or wallet_sendCalls request makes, read from its exact params the
 * way the signer reads them (rpc/eip155.ts: `to` a 0x address, `value` and `data` 0x hex or absent) and
 * put in the preview's canonical form (@portico/shared-types/preview-digest). What is simulated is
 * this, computed from the params the approval is bound to; a request the signer would refuse, or one
 * past the bounds, has no calls here and its simulation is unavailable.
 *
 * A smart account's user operation executes these same calls from the account's address, so they are
 * simulated from the address the app sees (the smart account when it is the user's).
 */
import { canonicalCall, type PreviewedCall } from '@portico/shared-types/preview-digest'
import { decodeFunctionData, erc20Abi, type Hex, isAddress, isHex } from 'viem'

/** Calls in one simulation: the signer's own bound for wallet_sendCalls. */
export const MAX_SIMULATED_CALLS = 32
/** Calldata of all calls together (the frame's messages are at most 64 KiB anyway). */
export const MAX_SIMULATED_CALLDATA_BYTES = 64 * 1024

const hexOrAbsent = (value: unknown): value is Hex | undefined | null =>
  value === undefined || value === null || (typeof value === 'string' && isHex(value))

function callOf(input: unknown): PreviewedCall | null {
  if (!input || typeof input !== 'object') return null
  const { to, value, data } = input as Record<string, unknown>
  if (typeof to !== 'string' || !to.startsWith('0x') || !isAddress(to, { strict: false })) return null
  if (!hexOrAbsent(value) || !hexOrAbsent(data)) return null
  try {
    return canonicalCall({ to, value: value ?? undefined, data: data ?? undefined })
  } catch {
    return null
  }
}

/** The request's calls, or null when it has none the signer would send as they are. */
export function requestCalls(method: string, params: unknown): PreviewedCall[] | null {
  const args = Array.isArray(params) ? params : [params]
  const raw =
    method === 'eth_sendTransaction'
      ? [args[0]]
      : method === 'wallet_sendCalls'
        ? (args[0] as { calls?: unknown } | undefined)?.calls
        : undefined
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_SIMULATED_CALLS) return null
  const calls = raw.map(callOf)
  if (!calls.every((call): call is PreviewedCall => call !== null)) return null
  const bytes = calls.reduce((sum, call) => sum + (call.data.length - 2) / 2, 0)
  return bytes > MAX_SIMULATED_CALLDATA_BYTES ? null : calls
}

export type Erc20Call =
  | { kind: 'transfer'; recipient: Hex; amount: bigint }
  | { kind: 'approve'; spender: Hex; amount: bigint }

/** An ERC-20 transfer or approve, decoded from calldata alone (no node involved); null for anything else. */
export function erc20CallOf(data: Hex): Erc20Call | null {
  let decoded: { functionName: string; args: readonly unknown[] }
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data }) as typeof decoded
  } catch {
    return null
  }
  const [who, amount] = decoded.args as [Hex, bigint]
  if (decoded.functionName === 'transfer') return { kind: 'transfer', recipient: who, amount }
  if (decoded.functionName === 'approve') return { kind: 'approve', spender: who, amount }
  return null
}
