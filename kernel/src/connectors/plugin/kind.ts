/**
 * Connectors that plugins contribute (plugin contract 1.1 `contributes.connectors`, e.g. the embedded
 * wallet): they join the connector list once their plugin is ready. Registration, connect, restore and
 * the Solana account of a connector that declares it are the lazy "plugin-connectors" chunk.
 */
import type { ConnectorKind } from '../kind.ts'
import { readOwners, registryOf } from './registry.ts'

/** The plugin body with its own steps (registration, a connector's second namespace). */
export const loadPluginBody = () => import(/* webpackChunkName: "plugin-connectors" */ './body.ts')

export const pluginKind: ConnectorKind = {
  id: 'plugin',
  namespace: 'eip155',
  claims: (kernel, connectorId) =>
    registryOf(kernel).has(connectorId) || readOwners(kernel)[connectorId] !== undefined ? 'id' : false,
  restorable: (_kernel, namespace) => namespace === 'eip155' || namespace === 'solana',
  // Connectors register as their plugins become ready (plugins load after the first open anyway).
  discover(context) {
    const { kernel } = context
    const onReady = ({ id }: { id: string }) => {
      if (!kernel.plugins.contributions('connectors').some((contribution) => contribution.pluginId === id))
        return
      loadPluginBody().then(
        ({ registerPluginConnectors }) => registerPluginConnectors(context, id),
        (error: unknown) => kernel.log.error(`Portico: could not register the connectors of "${id}"`, error),
      )
    }
    kernel.bus.on('PLUGIN_READY', onReady)
    return () => kernel.bus.off('PLUGIN_READY', onReady)
  },
  load: async () => (await loadPluginBody()).pluginBody,
}
