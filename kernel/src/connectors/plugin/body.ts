/**
 * The lazy body of the plugin kind: checks and registers a ready plugin's connectors, connects and
 * restores them (eip155 through their provider, and the Solana account of a connector that declares it).
 */
import type { ChainNamespace } from '@portico/shared-types'
import type { ConnectorContribution } from '@portico/shared-types/plugin'
import type { Kernel } from '../../kernel.ts'
import { addConnector, connectorOf, waitForConnector } from '../discovery.ts'
import { connectEip155, restoreEip155 } from '../eip155Wallet.ts'
import { WalletError, walletUnavailable } from '../errors.ts'
import type { ConnectorBody, ConnectorContext, ConnectResult } from '../kind.ts'
import { followAccountDetails, followConnectorDetails } from './accountDetails.ts'
import { lazyProvider } from './lazyProvider.ts'
import { followPluginConnectorOwners } from './owners.ts'
import { MAX_CONNECTORS, pluginConnectorOf, readOwners, registryOf } from './registry.ts'
import { connectPluginSolana, isSolanaActive, restorePluginSolana } from './solana.ts'

const ID_PATTERN = /^[A-Za-z0-9][\w.:-]{0,63}$/
/** behaviour §3: the auth connector supports only eip155 and solana. */
const SUPPORTED_CHAINS: ChainNamespace[] = ['eip155', 'solana']
const RESTORE_WAIT_MS = 1_000

function problemWith(kernel: Kernel, contribution: ConnectorContribution): string | undefined {
  if (typeof contribution?.id !== 'string' || !ID_PATTERN.test(contribution.id)) return 'an invalid id'
  if (typeof contribution.name !== 'string' || !contribution.name.trim() || contribution.name.length > 64)
    return 'an invalid name'
  if (contribution.chain !== 'eip155') return `an unsupported chain "${String(contribution.chain)}"`
  const chains: unknown = contribution.chains
  if (
    chains !== undefined &&
    (!Array.isArray(chains) ||
      !chains.includes(contribution.chain) ||
      chains.some((chain) => !(SUPPORTED_CHAINS as unknown[]).includes(chain)))
  )
    return `unsupported chains "${String(chains)}"`
  if (typeof contribution.load !== 'function') return 'no load()'
  if (contribution.type !== undefined && contribution.type !== 'AUTH' && contribution.type !== 'EXTERNAL')
    return `an unsupported type "${String(contribution.type)}"`
  const taken =
    kernel.providers.has(contribution.id) ||
    kernel.store.get().connectors.some((connector) => connector.id === contribution.id)
  if (taken) return `the id "${contribution.id}" of a connector already registered`
  if (registryOf(kernel).size >= MAX_CONNECTORS) return `more than ${MAX_CONNECTORS} plugin connectors`
  return undefined
}

/** Registers the connectors of a plugin that just became ready; returns how many were accepted. */
export function registerPluginConnectors(context: ConnectorContext, pluginId: string): number {
  const { kernel } = context
  const ctx = kernel.plugins.contextOf(pluginId)
  if (!ctx) return 0
  followAccountDetails(context)
  followPluginConnectorOwners(kernel)
  let accepted = 0
  for (const contribution of kernel.plugins.contributions('connectors')) {
    if (contribution.pluginId !== pluginId) continue
    const problem = problemWith(kernel, contribution)
    if (problem) {
      kernel.log.error(
        `Portico: plugin "${pluginId}" contributes a connector with ${problem}; it is ignored.`,
      )
      continue
    }
    const { pluginId: _owner, ...own } = contribution
    registryOf(kernel).set(own.id, { pluginId, contribution: own })
    const provider = lazyProvider(() => own.load(ctx))
    followConnectorDetails(context, provider)
    addConnector(
      kernel,
      {
        id: own.id,
        type: own.type ?? 'AUTH',
        name: own.name,
        chain: own.chain,
        ...(own.imageUrl ? { imageUrl: own.imageUrl } : {}),
      },
      provider,
    )
    accepted += 1
  }
  return accepted
}

/**
 * ctx.account.connect: a plugin connects only a connector it registered itself (eip155 through
 * `connectEip155`, the lifecycle's connect; then the Solana account of a connector that declares solana).
 */
export async function connectOwnConnector(
  context: ConnectorContext,
  pluginId: string,
  connectorId: string,
  connectEip155Session: () => Promise<ConnectResult>,
): Promise<ConnectResult> {
  const { kernel } = context
  if (pluginConnectorOf(kernel, connectorId)?.pluginId !== pluginId)
    throw new WalletError(
      'WALLET_CONNECTOR_NOT_FOUND',
      `Portico: plugin "${pluginId}" has no connector "${String(connectorId)}"`,
    )
  const wasSolanaActive = isSolanaActive(kernel)
  const result = await connectEip155Session()
  // Its Solana account too when it declares solana; a failure there leaves eip155 connected.
  const solana = connectPluginSolana(context, connectorId, result, wasSolanaActive)
  // Only a visitor who was on Solana waits for it (it decides what the connect view shows next). Others
  // get the eip155 result at once: after-connect hooks (sign-in) open their view on the next macrotask,
  // and a caller closing the modal later than that would close it.
  return wasSolanaActive ? solana : result
}

export const pluginBody: ConnectorBody = {
  async connect({ kernel }, connector) {
    const provider = kernel.providers.get(connector.id)
    if (!provider) throw walletUnavailable(connector.id)
    return connectEip155(kernel, connector, provider)
  },
  /**
   * A stored connector that a plugin registered: only its own plugin loads (nothing when its feature is
   * off), then its session is restored silently through eth_accounts.
   */
  async restore({ kernel }, connectorId, namespace) {
    const pluginId = readOwners(kernel)[connectorId]
    if (!pluginId) return undefined
    await kernel.plugins.ensureLoaded([pluginId])
    if (!(await waitForConnector(kernel, connectorId, RESTORE_WAIT_MS))) return undefined
    // Identity is the registering plugin, never the id alone.
    if (pluginConnectorOf(kernel, connectorId)?.pluginId !== pluginId) return undefined
    // A connector that declares solana: its Solana account.
    if (namespace !== 'eip155') return restorePluginSolana(kernel, connectorId)
    const provider = kernel.providers.get(connectorId)
    const connector = connectorOf(kernel, connectorId)
    if (!provider || !connector) return undefined
    return restoreEip155(kernel, connector, provider)
  },
}
