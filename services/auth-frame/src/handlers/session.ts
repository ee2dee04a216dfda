import { defaultNetwork, parseNetwork, publicChainId, sessionEvmNetwork } from '../chains.ts'
import { hashSecret } from '../crypto/vault.ts'
import { FrameError } from '../errors.ts'
import { currentSession, describeUser, evmOwner, requireSession } from '../users.ts'
import type { HandlerMap } from './types.ts'

const SMART_UNAVAILABLE = 'Smart accounts are not available on this network'

/** Session, user and network requests of behaviour §7. */
export const sessionHandlers: HandlerMap = {
  /**
   * Connected if the request's session (the frame origin's cookie) is live for this device and project.
   * A token in the payload is never read: the page holds no credential.
   */
  async IS_CONNECTED(svc, ctx) {
    return { result: { isConnected: (await currentSession(svc, ctx)) !== undefined } }
  },

  async GET_USER(svc, ctx, payload) {
    const { session, user } = await requireSession(svc, ctx)
    const network = parseNetwork(svc.config, payload.chainId ?? session.chain_id)
    if (network.namespace === 'eip155' && network.caip !== session.chain_id)
      await svc.store.setSessionChain(session.token_hash, network.caip)
    const wanted =
      payload.preferredAccountType === 'eoa' || payload.preferredAccountType === 'smartAccount'
        ? payload.preferredAccountType
        : undefined
    return { result: await describeUser(svc, user, network, wanted) }
  },

  /** Sign-out everywhere: every session of the user ends (a session of this device is needed to ask). */
  async SIGN_OUT(svc, ctx) {
    const session = await currentSession(svc, ctx)
    if (session) await svc.store.revokeUserSessions(session.user_id, svc.now())
    else if (ctx.token) await svc.store.revokeSession(hashSecret(ctx.token), ctx.deviceHash, svc.now())
    return { session: null }
  },

  async SWITCH_NETWORK(svc, ctx, payload) {
    const network = parseNetwork(svc.config, payload.chainId)
    const session = await currentSession(svc, ctx)
    if (session && network.namespace === 'eip155')
      await svc.store.setSessionChain(session.token_hash, network.caip)
    return { result: { chainId: publicChainId(network) } }
  },

  async GET_CHAIN_ID(svc, ctx) {
    const session = await currentSession(svc, ctx)
    const network = session
      ? sessionEvmNetwork(svc.config, session.chain_id)
      : ctx.chainId !== undefined
        ? parseNetwork(svc.config, ctx.chainId)
        : defaultNetwork(svc.config)
    return { result: { chainId: publicChainId(network) } }
  },

  async GET_SMART_ACCOUNT_ENABLED_NETWORKS(svc) {
    return { result: { smartAccountEnabledNetworks: svc.config.smartAccounts?.enabledNetworks() ?? [] } }
  },

  async INIT_SMART_ACCOUNT(svc, ctx) {
    const { session, user } = await requireSession(svc, ctx)
    const network = sessionEvmNetwork(svc.config, session.chain_id)
    const smart = svc.config.smartAccounts
    if (network.namespace !== 'eip155' || !smart?.enabledNetworks().includes(network.chainId))
      throw new FrameError(SMART_UNAVAILABLE)
    await smart.deploy(await evmOwner(svc, user.id), network.chainId)
    return {}
  },

  async SET_PREFERRED_ACCOUNT(svc, ctx, payload) {
    const { session, user } = await requireSession(svc, ctx)
    const type = payload.type
    if (type !== 'eoa' && type !== 'smartAccount') throw new FrameError('Unknown account type')
    if (type === 'smartAccount') {
      const network = sessionEvmNetwork(svc.config, session.chain_id)
      if (
        network.namespace !== 'eip155' ||
        !svc.config.smartAccounts?.enabledNetworks().includes(network.chainId)
      )
        throw new FrameError(SMART_UNAVAILABLE)
    }
    await svc.store.updateUser(user.id, { preferred_account_type: type })
    return {}
  },
}
