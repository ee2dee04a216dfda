/**
 * EIP-5792 wallet_getCapabilities as a plugin reads it: the wallet's answer for one chain (its own
 * entry over the all-chains `0x0` one), checked field by field (a wallet is hostile input: only the
 * shapes below count, anything else is as if the wallet had said nothing).
 */
import type { Eip1193Provider } from './entities.ts'

/** EIP-5792 v2: 'supported' batches atomically, 'ready' can after the user upgrades the account. */
export type AtomicStatus = 'supported' | 'ready' | 'unsupported'

export interface ChainCallsCapabilities {
  atomic: AtomicStatus
  /** ERC-7677: the wallet can have a paymaster service pay the gas of wallet_sendCalls. */
  paymasterService: boolean
}

export const NO_CALLS_CAPABILITIES: ChainCallsCapabilities = {
  atomic: 'unsupported',
  paymasterService: false,
}

const ATOMIC_STATUSES: readonly string[] = ['supported', 'ready', 'unsupported']

type Fields = Record<string, unknown>
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const own = (fields: Fields, key: string): unknown => (Object.hasOwn(fields, key) ? fields[key] : undefined)

/** The capabilities `answer` gives `chainId` (its own entry wins over `0x0`'s, field by field). */
export function chainCallsCapabilities(answer: unknown, chainId: number): ChainCallsCapabilities {
  if (!isFields(answer)) return NO_CALLS_CAPABILITIES
  const read = (entry: unknown): Partial<ChainCallsCapabilities> => {
    if (!isFields(entry)) return {}
    const atomic = own(entry, 'atomic')
    const status = isFields(atomic) ? own(atomic, 'status') : undefined
    const paymaster = own(entry, 'paymasterService')
    return {
      ...(typeof status === 'string' && ATOMIC_STATUSES.includes(status)
        ? { atomic: status as AtomicStatus }
        : {}),
      ...(isFields(paymaster) && own(paymaster, 'supported') === true ? { paymasterService: true } : {}),
    }
  }
  return {
    ...NO_CALLS_CAPABILITIES,
    ...read(own(answer, '0x0')),
    ...read(own(answer, `0x${chainId.toString(16)}`)),
  }
}

/**
 * Asks the wallet (through the plugin's gated provider) what it can do with calls on `chainId`. A
 * wallet that fails the request in any way (no such method: -32601 or 4200; not the v2 params; a
 * WalletConnect session without the method) has no capabilities: its calls go one by one, as they
 * always did, rather than not at all.
 */
export async function readCallsCapabilities(
  provider: Eip1193Provider,
  from: string,
  chainId: number,
): Promise<ChainCallsCapabilities> {
  try {
    const answer = await provider.request({
      method: 'wallet_getCapabilities',
      params: [from, [`0x${chainId.toString(16)}`]],
    })
    return chainCallsCapabilities(answer, chainId)
  } catch {
    return NO_CALLS_CAPABILITIES
  }
}

/** A batch of more than one call goes atomic when the wallet can (or can once the user agrees). */
export const batchesAtomically = (capabilities: ChainCallsCapabilities): boolean =>
  capabilities.atomic === 'supported' || capabilities.atomic === 'ready'
