/**
 * Plugin contract 1.1 `contributes.connectors`: which plugin registered which connector, per modal, and
 * the stored owners a reload uses to load only the plugin of a stored connector.
 */
import type { ConnectorContribution } from '@portico/shared-types/plugin'
import type { Kernel } from '../../kernel.ts'

export interface PluginConnector {
  pluginId: string
  contribution: ConnectorContribution
}

/** Which plugin registered which connector id, kept so a stored session reloads only its plugin. */
export const PLUGIN_CONNECTORS_KEY = '@portico/plugin_connectors'
export const MAX_CONNECTORS = 16

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
