import { type CaipNetworkId, CHAIN_NAMESPACES, type ChainNamespace } from '@portico/shared-types'
import { parseCaipNetworkId } from '../chains/caip.ts'
import { isAccountSnapshot } from './accountSnapshot.ts'
import { STORAGE_KEYS } from './keys.ts'
import type { SafeStorage } from './storage.ts'

export type StoredConnectionStatus = 'connected' | 'disconnected'

/** The connection facts a reload needs, each parsed safely: anything malformed reads as absent. */
export interface StoredConnection {
  status?: StoredConnectionStatus
  activeNamespace?: ChainNamespace
  activeCaipNetworkId?: CaipNetworkId
  connectorIds: Partial<Record<ChainNamespace, string>>
  connectedNamespaces: ChainNamespace[]
}

const isNamespace = (value: string | undefined): value is ChainNamespace =>
  value !== undefined && (CHAIN_NAMESPACES as readonly string[]).includes(value)

function readCaipNetworkId(value: string | undefined): CaipNetworkId | undefined {
  if (!value) return undefined
  try {
    parseCaipNetworkId(value)
    return value as CaipNetworkId
  } catch {
    return undefined
  }
}

export function readStoredConnection(storage: SafeStorage): StoredConnection {
  const status = storage.getString(STORAGE_KEYS.connectionStatus)
  const namespace = storage.getString(STORAGE_KEYS.activeNamespace)
  const connectorIds: StoredConnection['connectorIds'] = {}
  for (const ns of CHAIN_NAMESPACES) {
    const id = storage.getString(STORAGE_KEYS.connectedConnectorId(ns))
    if (id) connectorIds[ns] = id
  }
  const connectedNamespaces = (storage.getString(STORAGE_KEYS.connectedNamespaces) ?? '')
    .split(',')
    .filter(isNamespace)
  return {
    ...(status === 'connected' || status === 'disconnected' ? { status } : {}),
    ...(isNamespace(namespace) ? { activeNamespace: namespace } : {}),
    ...(readCaipNetworkId(storage.getString(STORAGE_KEYS.activeCaipNetworkId))
      ? { activeCaipNetworkId: readCaipNetworkId(storage.getString(STORAGE_KEYS.activeCaipNetworkId)) }
      : {}),
    connectorIds,
    connectedNamespaces,
  }
}

export function storeConnected(
  storage: SafeStorage,
  namespace: ChainNamespace,
  connectorId: string,
  caipNetworkId: CaipNetworkId | undefined,
): void {
  storage.set(STORAGE_KEYS.connectionStatus, 'connected')
  storage.set(STORAGE_KEYS.activeNamespace, namespace)
  storage.set(STORAGE_KEYS.connectedConnectorId(namespace), connectorId)
  if (caipNetworkId) storage.set(STORAGE_KEYS.activeCaipNetworkId, caipNetworkId)
  const namespaces = new Set(readStoredConnection(storage).connectedNamespaces)
  namespaces.add(namespace)
  storage.set(STORAGE_KEYS.connectedNamespaces, [...namespaces].join(','))
}

export function storeActiveNetwork(storage: SafeStorage, caipNetworkId: CaipNetworkId): void {
  storage.set(STORAGE_KEYS.activeCaipNetworkId, caipNetworkId)
}

/** behaviour §4 reset: removes the stored connector id for that namespace and the stored deep link. */
export function forgetNamespace(storage: SafeStorage, namespace: ChainNamespace): void {
  storage.remove(STORAGE_KEYS.connectedConnectorId(namespace))
  storage.remove(STORAGE_KEYS.deepLinkChoice)
  const remaining = readStoredConnection(storage).connectedNamespaces.filter((ns) => ns !== namespace)
  if (remaining.length > 0) storage.set(STORAGE_KEYS.connectedNamespaces, remaining.join(','))
  else storage.remove(STORAGE_KEYS.connectedNamespaces)
  const snapshot = storage.getJson(STORAGE_KEYS.accountSnapshot, isAccountSnapshot)
  if (snapshot === undefined || snapshot.namespace === namespace) storage.remove(STORAGE_KEYS.accountSnapshot)
}

/** behaviour §4 disconnect: clears stored social provider and connector ids, email-used flag, email, last chain. */
export function forgetAllConnections(storage: SafeStorage): void {
  for (const ns of CHAIN_NAMESPACES) storage.remove(STORAGE_KEYS.connectedConnectorId(ns))
  for (const key of [
    STORAGE_KEYS.connectedNamespaces,
    STORAGE_KEYS.connectedSocial,
    STORAGE_KEYS.activeNamespace,
    STORAGE_KEYS.emailLoginUsed,
    STORAGE_KEYS.email,
    STORAGE_KEYS.lastUsedChain,
    STORAGE_KEYS.socialUsername,
    STORAGE_KEYS.deepLinkChoice,
    STORAGE_KEYS.accountSnapshot,
  ]) {
    storage.remove(key)
  }
  storage.set(STORAGE_KEYS.connectionStatus, 'disconnected')
}
