import { UNSAFE_RPC_METHODS } from '@portico/shared-types'
import { sessionEvmNetwork } from '../chains.ts'
import type { RequestContext, Services } from '../context.ts'
import { hashSecret, newSecret } from '../crypto/vault.ts'
import type { SessionRow, UserRow } from '../db/store.ts'
import { ERRORS, FrameError } from '../errors.ts'
import { isAllowedMethod } from '../rpc/allowList.ts'
import { describeRequest, type RequestSummary } from '../rpc/describe.ts'
import { describedProof, isDescribed } from '../rpc/described.ts'
import { eip155Request } from '../rpc/eip155.ts'
import { requestHash } from '../rpc/requestHash.ts'
import { solanaRequest } from '../rpc/solana.ts'
import { listedTokens } from '../tokenList.ts'
import { describeUser, evmOwner, requireSession, solanaKeypair } from '../users.ts'
import type { HandlerMap } from './types.ts'

const UNSAFE: ReadonlySet<string> = new Set(UNSAFE_RPC_METHODS)
export const isUnsafeMethod = (method: string) => UNSAFE.has(method)

/** behaviour §6 4001: what an unsafe request without a valid one-time approval gets. Nothing is signed. */
export const NOT_APPROVED = 'User rejected the request: it was not approved in the wallet'
/** 4001 for an approval asked for params the wallet did not describe (rpc/described.ts). Nothing is approved. */
export const NOT_DESCRIBED = 'User rejected the request: it is not the request the wallet showed'

interface RpcTarget {
  session: SessionRow
  user: UserRow
  method: string
  /** The CAIP-2 network the request runs on. */
  network: string
}

async function target(
  svc: Services,
  ctx: RequestContext,
  payload: Record<string, unknown>,
): Promise<RpcTarget> {
  const { method } = payload
  if (!isAllowedMethod(method)) throw new FrameError(ERRORS.rpcNotAllowed, 4200)
  const { session, user } = await requireSession(svc, ctx)
  if (method.startsWith('solana_')) {
    if (!svc.config.solana) throw new FrameError(`${method} is not available on this network`, 4200)
    return { session, user, method, network: svc.config.solana.networkId }
  }
  return { session, user, method, network: sessionEvmNetwork(svc.config, session.chain_id).caip }
}

const hashOf = (t: RpcTarget, ctx: RequestContext, params: unknown) =>
  requestHash({ method: t.method, params, site: ctx.parentOrigin, network: t.network })

async function eip155Signer(svc: Services, t: RpcTarget) {
  const network = sessionEvmNetwork(svc.config, t.session.chain_id)
  const chain = svc.config.chains.find((c) => c.chainId === network.chainId)
  if (!chain) throw new FrameError(ERRORS.unknownChain)
  const described = await describeUser(svc, t.user, network)
  const smart = described.preferredAccountType === 'smartAccount' ? svc.config.smartAccounts : undefined
  return { chain, address: described.address as `0x${string}`, smart }
}

/**
 * RPC_REQUEST and the approval of unsafe ones. The frame (never the page) asks DESCRIBE_REQUEST for
 * what to show (with the proof that it was described, rpc/described.ts), and APPROVE_REQUEST with that
 * proof when the user clicked Approve there; the approval is a one-time secret bound to the session and
 * the request's hash, valid approvalTtlMs, used by RPC_REQUEST.
 */
export const rpcHandlers: HandlerMap = {
  async RPC_REQUEST(svc, ctx, payload) {
    const t = await target(svc, ctx, payload)
    const { params } = payload
    if (isUnsafeMethod(t.method)) {
      const approval = payload.approval
      const used =
        typeof approval === 'string' &&
        approval.length <= 128 &&
        (await svc.store.consumeApproval(
          hashSecret(approval),
          t.session.token_hash,
          hashOf(t, ctx, params),
          svc.now(),
        ))
      if (!used) throw new FrameError(NOT_APPROVED, 4001)
    }
    if (t.method.startsWith('solana_') && svc.config.solana)
      return {
        result: await solanaRequest(await solanaKeypair(svc, t.user.id), svc.config.solana, t.method, params),
      }
    const signer = await eip155Signer(svc, t)
    const owner = await evmOwner(svc, t.user.id)
    // The paymaster services this app's project may name (the page's own URL is matched against them).
    const paymasterServices = svc.config.paymasterServices.filter((p) => p.projectId === ctx.projectId)
    return {
      result: await eip155Request(
        {
          owner,
          chain: signer.chain,
          address: signer.address,
          ...(signer.smart && { smart: signer.smart }),
          paymasterServices,
        },
        t.method,
        params,
      ),
    }
  },

  async DESCRIBE_REQUEST(svc, ctx, payload) {
    const t = await target(svc, ctx, payload)
    const { params } = payload
    // Bound to the exact params the summary (and the simulation) was computed from.
    const described = (summary: RequestSummary) => ({
      result: {
        ...summary,
        described: describedProof(svc.vault, t.session.token_hash, hashOf(t, ctx, params), svc.now()),
      },
    })
    if (t.method.startsWith('solana_')) {
      const key = await svc.store.userKey(t.user.id, 'solana')
      return described(
        await describeRequest(t.method, params, {
          site: ctx.parentOrigin,
          network: t.network,
          account: key?.address ?? '',
        }),
      )
    }
    const signer = await eip155Signer(svc, t)
    const name = signer.chain.name ?? `Chain ${signer.chain.chainId}`
    return described(
      await describeRequest(t.method, params, {
        site: ctx.parentOrigin,
        network: `${name} (${t.network})`,
        account: signer.address,
        chain: signer.chain,
        nativeSymbol: 'ETH',
        listed: listedTokens(svc.config, signer.chain.chainId),
      }),
    )
  },

  async APPROVE_REQUEST(svc, ctx, payload) {
    const t = await target(svc, ctx, payload)
    if (!isUnsafeMethod(t.method)) throw new FrameError('Only unsafe requests are approved', -32602)
    const request = hashOf(t, ctx, payload.params)
    if (!isDescribed(svc.vault, payload.described, t.session.token_hash, request, svc.now()))
      throw new FrameError(NOT_DESCRIBED, 4001)
    const approval = newSecret()
    await svc.store.insertApproval(
      {
        id_hash: hashSecret(approval),
        session_hash: t.session.token_hash,
        request_hash: request,
        expires_at: svc.now() + svc.config.approvalTtlMs,
      },
      svc.now(),
    )
    return { result: { approval } }
  },
}
