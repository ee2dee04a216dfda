import { type ChainNamespace, type Connector, MESSAGES } from '@portico/shared-types'
import { connectorOf } from '../connectors/discovery.ts'
import { walletUnavailable } from '../connectors/errors.ts'
import type { ConnectResult } from '../connectors/kind.ts'
import { kindOf } from '../connectors/kinds.ts'
import { PorticoError } from '../errors/base.ts'
import type { Kernel } from '../kernel.ts'
import { contextOf } from './report.ts'
import { startSession } from './session.ts'

export type { ConnectResult }

function setStatus(kernel: Kernel, namespace: ChainNamespace, status: 'connecting' | 'disconnected') {
  kernel.store.update((draft) => {
    const account = draft.accounts[namespace]
    if (account && account.status !== 'connected') account.status = status
  })
}

/**
 * The connect flow around `run` (the wallet's prompt and the session start; it answers whether the
 * network is one the app requested): status connecting, then CONNECT_SUCCESS, or status
 * disconnected, CONNECT_ERROR and the error rethrown.
 */
export async function connectFlow(
  kernel: Kernel,
  namespace: ChainNamespace,
  connector: Connector,
  run: () => Promise<boolean>,
): Promise<ConnectResult> {
  setStatus(kernel, namespace, 'connecting')
  try {
    const supported = await run()
    kernel.bus.emit('CONNECT_SUCCESS', { method: 'browser', name: connector.name, namespace })
    return { supported }
  } catch (error) {
    setStatus(kernel, namespace, 'disconnected')
    const message = error instanceof Error ? error.message : String(error)
    kernel.bus.emit('CONNECT_ERROR', { message, name: connector.name })
    throw error
  }
}

/** Connects a listed wallet (it prompts): its kind's body makes the connection, the session follows. */
export async function connectExternal(kernel: Kernel, connectorId: string): Promise<ConnectResult> {
  const connector = connectorOf(kernel, connectorId)
  const kind = connector ? kindOf(kernel, connectorId, connector.chain) : undefined
  // A wallet that is gone (no provider) is refused before the flow: no status, no CONNECT_ERROR.
  if (!connector || !kernel.providers.has(connectorId)) throw walletUnavailable(connectorId)
  // A listed wallet of a namespace no kind connects (behaviour §8).
  if (!kind) throw new PorticoError('ADAPTER_NOT_FOUND', MESSAGES.adapterNotFound)
  const body = await kind.load()
  return connectFlow(kernel, connector.chain, connector, async () => {
    const context = contextOf(kernel)
    return startSession(kernel, await body.connect(context, connector), context.report)
  })
}
