import { loadPluginBody } from '../connectors/plugin/kind.ts'
import type { Kernel } from '../kernel.ts'
import { type ConnectResult, connectExternal } from './connect.ts'
import { contextOf } from './report.ts'

/**
 * ctx.account.connect: a plugin connects a connector it registered itself, through the connect flow
 * (and the connector's other namespace, when it declares one).
 */
export async function connectOwnConnector(
  kernel: Kernel,
  pluginId: string,
  connectorId: string,
): Promise<ConnectResult> {
  const { connectOwnConnector: connectOwn } = await loadPluginBody()
  return connectOwn(contextOf(kernel), pluginId, connectorId, () => connectExternal(kernel, connectorId))
}
