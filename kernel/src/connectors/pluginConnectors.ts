/**
 * Plugin contract 1.1 `contributes.connectors`: a ready plugin's connectors join the connector list
 * and the kernel's connect / reconnect / disconnect machinery. Their code loads on first request.
 */
import type { ChainNamespace, ConnectorContribution } from '@portico/shared-types'
import { type ConnectResult, connectExternal } from '../account/connect.ts'
import { startEip155Session } from '../account/eip155Session.ts'
import { parseHexChainId } from '../chains/eip155.ts'
import type { Kernel } from '../kernel.ts'
import { waitForConnector } from './registry.ts'

export interface PluginConnector {
  pluginId: string
  contribution: ConnectorContribution
}

/** Which plugin registered which connector id, kept so a stored session reloads only its plugin. */
export const PLUGIN_CONNECTORS_KEY = '@portico/plugin_connectors'
export const MAX_CONNECTORS = 16
const RESTORE_WAIT_MS = 1_000

const registries = new WeakMap<Kernel, Map<string, PluginConnector>>()

export const registryOf = (kernel: Kernel) => {
  let registry = registries.get(kernel)
  if (!registry) {
    registry = new Map()
    registries.set(kernel, registry)
  }
  return registry
}

export const pluginConnectorOf = (kernel: Kernel, connectorId: string): PluginConnector | undefined =>
  registries.get(kernel)?.get(connectorId)

const isOwnerRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length <= MAX_CONNECTORS &&
  Object.values(value).every((owner) => typeof owner === 'string')

export const readOwners = (kernel: Kernel) =>
  kernel.storage.getJson(PLUGIN_CONNECTORS_KEY, isOwnerRecord) ?? {}

const loadRegistration = () =>
  import(/* webpackChunkName: "plugin-connectors" */ './pluginConnectorsRegister.ts')

/**
 * Registers connectors as their plugins become ready. Registration code is a chunk of its own, loaded
 * once a plugin that contributes connectors is ready (plugins load after the first open anyway).
 */
export function startPluginConnectors(kernel: Kernel): () => void {
  const onReady = ({ id }: { id: string }) => {
    if (!kernel.plugins.contributions('connectors').some((contribution) => contribution.pluginId === id))
      return
    loadRegistration().then(
      ({ registerPluginConnectors }) => registerPluginConnectors(kernel, id),
      (error: unknown) => kernel.log.error(`Portico: could not register the connectors of "${id}"`, error),
    )
  }
  kernel.bus.on('PLUGIN_READY', onReady)
  return () => kernel.bus.off('PLUGIN_READY', onReady)
}

/**
 * Auto-reconnect restorers for stored connectors that a plugin registered: each loads only its own
 * plugin (nothing when its feature is off), then restores silently through eth_accounts.
 */
export function pluginConnectorRestorers(
  kernel: Kernel,
): Record<string, (kernel: Kernel, namespace: ChainNamespace) => Promise<boolean>> {
  const owners = readOwners(kernel)
  return Object.fromEntries(
    Object.entries(owners).map(([connectorId, pluginId]) => [
      connectorId,
      async (target: Kernel, namespace: ChainNamespace) => {
        if (namespace !== 'eip155' && namespace !== 'solana') return false
        await target.plugins.ensureLoaded([pluginId])
        if (!(await waitForConnector(target, connectorId, RESTORE_WAIT_MS))) return false
        // Identity is the registering plugin, never the id alone.
        if (pluginConnectorOf(target, connectorId)?.pluginId !== pluginId) return false
        // A connector that declares solana: its Solana account (lazy chunk, loaded with the registration).
        if (namespace === 'solana') return (await loadRegistration()).restorePluginSolana(target, connectorId)
        const provider = target.providers.get(connectorId)
        const connector = target.store.get().connectors.find((candidate) => candidate.id === connectorId)
        if (!provider || !connector) return false
        const accounts = (await provider.request({ method: 'eth_accounts' })) as unknown
        const chainId = parseHexChainId(await provider.request({ method: 'eth_chainId' }))
        const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined
        if (!address || chainId === undefined) return false
        startEip155Session(target, connector, provider, address, chainId)
        return true
      },
    ]),
  )
}

/**
 * ctx.account.connect: a plugin connects only a connector it registered itself (eip155, then the
 * Solana account of a connector that declares solana).
 */
export async function connectOwnConnector(
  kernel: Kernel,
  pluginId: string,
  connectorId: string,
): Promise<ConnectResult> {
  if (pluginConnectorOf(kernel, connectorId)?.pluginId !== pluginId)
    throw new Error(`Portico: plugin "${pluginId}" has no connector "${String(connectorId)}"`)
  const wasSolanaActive = kernel.store.get().networks.activeNamespace === 'solana'
  const result = await connectExternal(kernel, connectorId)
  // Its Solana account too when it declares solana; a failure there leaves eip155 connected.
  const solana = loadRegistration().then(
    ({ connectPluginSolana }) => connectPluginSolana(kernel, connectorId, result, wasSolanaActive),
    () => result,
  )
  // Only a visitor who was on Solana waits for it (it decides what the connect view shows next). Others
  // get the eip155 result at once: after-connect hooks (sign-in) open their view on the next macrotask,
  // and a caller closing the modal later than that would close it.
  return wasSolanaActive ? solana : result
}
