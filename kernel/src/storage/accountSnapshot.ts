import {
  type CaipNetworkId,
  CHAIN_NAMESPACES,
  type ChainNamespace,
  type KernelState,
} from '@portico/shared-types'
import { parseCaipNetworkId } from '../chains/caip.ts'
import { selectActiveAccount, selectActiveNetwork } from '../state/selectors.ts'
import { STORAGE_KEYS } from './keys.ts'
import type { SafeStorage } from './storage.ts'

/** What a server needs to render the connected state before the wallet answers on the client. */
export interface AccountSnapshot {
  namespace: ChainNamespace
  address: string
  caipNetworkId: CaipNetworkId
}

/** The namespaces a snapshot may hold, each with its address form (others: no snapshot). */
const SNAPSHOT_ADDRESS: Partial<Record<ChainNamespace, RegExp>> = {
  eip155: /^0x[0-9a-fA-F]{40}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
}

const validAddress = (namespace: ChainNamespace, address: string): boolean =>
  SNAPSHOT_ADDRESS[namespace]?.test(address) === true

function validNetwork(namespace: ChainNamespace, caipNetworkId: string): boolean {
  try {
    return parseCaipNetworkId(caipNetworkId).namespace === namespace
  } catch {
    return false
  }
}

/** Parses a stored snapshot; the value may come from a cookie, so anything malformed reads as absent. */
export function isAccountSnapshot(value: unknown): value is AccountSnapshot {
  if (typeof value !== 'object' || value === null) return false
  const { namespace, address, caipNetworkId } = value as Record<string, unknown>
  if (typeof namespace !== 'string' || !(CHAIN_NAMESPACES as readonly string[]).includes(namespace))
    return false
  const ns = namespace as ChainNamespace
  return (
    typeof address === 'string' &&
    validAddress(ns, address) &&
    typeof caipNetworkId === 'string' &&
    validNetwork(ns, caipNetworkId)
  )
}

export function snapshotOf(state: KernelState): AccountSnapshot | undefined {
  const account = selectActiveAccount(state)
  const network = selectActiveNetwork(state)
  if (account?.status !== 'connected' || !account.address || !network) return undefined
  const snapshot: AccountSnapshot = {
    namespace: account.namespace,
    address: account.address,
    caipNetworkId: network.caipNetworkId,
  }
  return isAccountSnapshot(snapshot) ? snapshot : undefined
}

/**
 * Keeps STORAGE_KEYS.accountSnapshot equal to the connected active account. Disconnecting removes it
 * (forgetAllConnections / forgetNamespace), so a reload before the wallet answers keeps it.
 */
export function persistAccountSnapshot(
  store: { get(): KernelState; subscribe(listener: () => void): () => void },
  storage: SafeStorage,
): () => void {
  const sync = () => {
    const snapshot = snapshotOf(store.get())
    if (!snapshot) return
    const value = JSON.stringify(snapshot)
    if (storage.getString(STORAGE_KEYS.accountSnapshot) !== value)
      storage.set(STORAGE_KEYS.accountSnapshot, value)
  }
  sync()
  return store.subscribe(sync)
}
