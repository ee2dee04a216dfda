/**
 * The embedded wallet as a plugin connector (contract 1.1 `contributes.connectors`, type AUTH): its
 * provider loads with the frame on first use; unsafe requests open the plugin's ApproveTransaction view.
 */
import type {
  ConnectorContribution,
  ConnectorProvider,
  Disposer,
  PluginContext,
} from '@portico/shared-types/plugin'
import type { AuthProvider } from './authProvider.ts'
import { sessionOf } from './session.ts'
import { forgetUser, storeSmartAccountNetworks } from './storedKeys.ts'

/** behaviour §3 known connector id of the embedded wallet. */
export const AUTH_CONNECTOR_ID = 'ID_AUTH'
/** The kernel registers a ready plugin's connectors in a lazy chunk: wait that long at most. */
const REGISTER_WAIT_MS = 10_000

export function authConnector(id: string, name: string, approveView: string): ConnectorContribution {
  return {
    id,
    name,
    type: 'AUTH',
    chain: 'eip155',
    // behaviour §3: the auth connector supports eip155 and solana (the frame holds an ed25519 key too).
    chains: ['eip155', 'solana'],
    unsafeRequestView: approveView,
    load: async (ctx) => storingNetworks(ctx, await sessionOf(ctx).provider()),
  }
}

/** The provider the kernel gets: the smart-account networks it asks for are also stored (behaviour §3). */
function storingNetworks(ctx: PluginContext, provider: AuthProvider): ConnectorProvider {
  return {
    ...provider,
    smartAccountEnabledNetworks: async () =>
      storeSmartAccountNetworks(ctx, await provider.smartAccountEnabledNetworks()),
  }
}

/**
 * Setup shared by the email and socials plugins: closing the modal, or leaving ApproveTransaction
 * (`approveView`) with Back, rejects the held requests; a disconnect forgets the user.
 */
export function setupEmbeddedWallet(ctx: PluginContext, approveView: string): Disposer {
  const { approvals, approveViews } = sessionOf(ctx)
  approveViews.add(approveView)
  const offClose = ctx.events.on('MODAL_CLOSE', () => approvals.rejectAll())
  const offView = ctx.events.on('VIEW_CHANGED', ({ view }) => {
    if (!approveViews.has(view) && approvals.current()) approvals.rejectAll()
  })
  const offDisconnect = ctx.events.on('DISCONNECT_SUCCESS', () => forgetUser(ctx))
  return () => {
    offClose()
    offView()
    offDisconnect()
  }
}

export function waitForConnector(
  ctx: PluginContext,
  id: string,
  timeoutMs = REGISTER_WAIT_MS,
): Promise<boolean> {
  const has = () => ctx.getState().connectors.some((connector) => connector.id === id)
  if (has()) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      off()
      resolve(has())
    }, timeoutMs)
    const off = ctx.subscribe(() => {
      if (!has()) return
      clearTimeout(timer)
      off()
      resolve(true)
    })
  })
}

/**
 * After the frame logged the visitor in: connect the AUTH connector through the kernel (CONNECT_SUCCESS,
 * afterConnect hooks), then close, or show UnsupportedChain like the kernel's own connect views.
 */
export async function finishConnect(ctx: PluginContext, connectorId: string): Promise<void> {
  if (!(await waitForConnector(ctx, connectorId)))
    throw new Error(`The connector "${connectorId}" is not available`)
  const connect = ctx.account.connect
  if (!connect) throw new Error('This kernel cannot connect plugin connectors')
  const { supported } = await connect(connectorId)
  if (!supported && ctx.config.allowUnsupportedChain !== true) ctx.router.reset('UnsupportedChain')
  else ctx.modal.close()
}
