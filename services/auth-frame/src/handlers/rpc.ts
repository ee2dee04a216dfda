import { sessionEvmNetwork } from '../chains.ts'
import { ERRORS, FrameError } from '../errors.ts'
import { isAllowedMethod } from '../rpc/allow-list.ts'
import { eip155Request } from '../rpc/eip155.ts'
import { solanaRequest } from '../rpc/solana.ts'
import { describeUser, evmOwner, requireSession, solanaKeypair } from '../users.ts'
import type { HandlerMap } from './types.ts'

/** RPC_REQUEST: SPEC §5 allow-list first; solana_* methods sign with the Solana key, the rest on the session's eip155 chain. */
export const rpcHandlers: HandlerMap = {
  async RPC_REQUEST(svc, ctx, payload) {
    const { method, params } = payload
    if (!isAllowedMethod(method)) throw new FrameError(ERRORS.rpcNotAllowed, 4200)
    const { session, user } = await requireSession(svc, ctx)
    if (method.startsWith('solana_')) {
      if (!svc.config.solana) throw new FrameError(`${method} is not available on this network`, 4200)
      return {
        result: await solanaRequest(await solanaKeypair(svc, user.id), svc.config.solana, method, params),
      }
    }
    const network = sessionEvmNetwork(svc.config, session.chain_id)
    const chain = svc.config.chains.find((c) => c.chainId === network.chainId)
    if (!chain) throw new FrameError(ERRORS.unknownChain)
    const described = await describeUser(svc, user, network)
    const smart = described.preferredAccountType === 'smartAccount' ? svc.config.smartAccounts : undefined
    const owner = await evmOwner(svc, user.id)
    return {
      result: await eip155Request(
        { owner, chain, address: described.address as `0x${string}`, ...(smart && { smart }) },
        method,
        params,
      ),
    }
  },
}
