/**
 * Every kind of wallet the kernel connects, in the order their discovery lists connectors. A new kind
 * is one folder under connectors/ implementing ./kind.ts, and one line here.
 */
import type { ChainNamespace } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import { bitcoinKind } from './bitcoin/kind.ts'
import { announcedKind, injectedKind } from './injected/kind.ts'
import type { ConnectorKind } from './kind.ts'
import { pluginKind } from './plugin/kind.ts'
import { solanaKind } from './solana/kind.ts'
import { walletConnectKind } from './walletconnect/kind.ts'

export const CONNECTOR_KINDS: readonly ConnectorKind[] = [
  announcedKind,
  solanaKind,
  bitcoinKind,
  injectedKind,
  walletConnectKind,
  pluginKind,
]

/** The kinds a modal connects (a test modal may list its own). */
export const kindsOf = (kernel: Kernel): readonly ConnectorKind[] => kernel.connectorKinds ?? CONNECTOR_KINDS

/**
 * The kind of connector `connectorId` on `namespace`: the kind that knows the id, else the first that
 * serves the namespace.
 */
export function kindOf(
  kernel: Kernel,
  connectorId: string,
  namespace: ChainNamespace,
): ConnectorKind | undefined {
  const claims = kindsOf(kernel).map((kind) => [kind, kind.claims(kernel, connectorId, namespace)] as const)
  return (claims.find(([, claim]) => claim === 'id') ??
    claims.find(([, claim]) => claim === 'namespace'))?.[0]
}

/** The kind that reads `namespace`'s native balance or signs its messages itself, if any. */
export const namespaceKind = (
  kernel: Kernel,
  namespace: ChainNamespace,
  capability: 'readBalance' | 'signMessage',
): ConnectorKind | undefined =>
  kindsOf(kernel).find((kind) => kind.namespace === namespace && kind[capability] !== undefined)
