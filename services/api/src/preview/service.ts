/**
 * A preview of one checked request (request.ts): calls are simulated and their effects on `from`
 * described; typed data is decoded. Whatever the node does wrong ends in an 'unavailable' answer with
 * a fixed message; what it said is handed to `onUnavailable` (the log), never answered.
 */
import type {
  PreviewResponse,
  SignaturePreview,
  TransactionPreview,
  UnavailablePreview,
} from '@portico/shared-types/api'
import { callsDigest, type PreviewedCall } from '@portico/shared-types/preview-digest'
import type { Address, Hex } from 'viem'
import type { ChainHandle } from '../chain/clients.ts'
import type { Repository } from '../db/repository.ts'
import { describeEffects } from './describe.ts'
import { effectsFor } from './effects.ts'
import { MAX_PREVIEW_EFFECTS } from './limits.ts'
import type { PreviewInput } from './request.ts'
import { decodeRevert } from './revert.ts'
import { SimulationUnavailable, simulateCalls } from './simulate.ts'
import { decodeTypedData } from './typedData.ts'

/** The only text an unavailable preview carries. */
export const UNAVAILABLE_MESSAGE =
  'Simulation unavailable: the effects of this request could not be checked. Review it yourself before signing.'

export interface PreviewChain {
  handle: ChainHandle
  rpcUrl: string
}

export async function previewRequest(
  repo: Repository,
  chain: PreviewChain,
  input: PreviewInput,
  onUnavailable: (detail: string) => void,
): Promise<PreviewResponse> {
  if (input.kind === 'typedData') return previewTypedData(repo, chain.handle, input, onUnavailable)
  const digest = callsDigest(input.chainId, input.from, input.calls)
  try {
    return await previewCalls(repo, chain, input.from, input.calls, digest)
  } catch (err) {
    onUnavailable(err instanceof SimulationUnavailable ? err.detail : String(err).slice(0, 300))
    const unavailable: UnavailablePreview = {
      kind: 'unavailable',
      chainId: chain.handle.caipId,
      digest,
      message: UNAVAILABLE_MESSAGE,
    }
    return unavailable
  }
}

async function previewCalls(
  repo: Repository,
  chain: PreviewChain,
  from: Address,
  calls: PreviewedCall[],
  digest: Hex,
): Promise<TransactionPreview> {
  const simulated = await simulateCalls(chain.rpcUrl, from, calls)
  const gasUsed = simulated.reduce((sum, c) => sum + c.gasUsed, 0n).toString()
  const failed = simulated.findIndex((c) => !c.success)
  const base = { kind: 'transaction', chainId: chain.handle.caipId, digest, gasUsed } as const
  // A batch is atomic: one failing call means none of the effects happen.
  if (failed >= 0) {
    const { code, ...revert } = decodeRevert(simulated[failed]?.returnData ?? '0x')
    return {
      ...base,
      status: 'reverted',
      revert: { callIndex: failed, ...revert, ...(code !== undefined && { code: code.toString() }) },
      changes: [],
      approvals: [],
    }
  }
  const effects = effectsFor(
    from,
    simulated.flatMap((c) => c.logs),
  )
  const count = effects.changes.length + effects.approvals.length
  if (count > MAX_PREVIEW_EFFECTS)
    throw new SimulationUnavailable(`${count} effects (at most ${MAX_PREVIEW_EFFECTS})`)
  return { ...base, status: 'success', ...(await describeEffects(repo, chain.handle, effects)) }
}

/**
 * Typed data needs no simulation; only its tokens' metadata comes from the chain. With the chain down,
 * tokens the database knows keep theirs and the others are answered unknown (and unlisted).
 */
async function previewTypedData(
  repo: Repository,
  handle: ChainHandle,
  input: Extract<PreviewInput, { kind: 'typedData' }>,
  onUnavailable: (detail: string) => void,
): Promise<SignaturePreview> {
  const decoded = decodeTypedData(input.payload)
  const effects = { changes: [], approvals: decoded.approvals }
  const described = await describeEffects(repo, handle, effects).catch((err: unknown) => {
    onUnavailable(`token metadata: ${String(err).slice(0, 300)}`)
    return describeEffects(repo, handle, effects, 0)
  })
  return {
    kind: 'signature',
    chainId: handle.caipId,
    digest: decoded.digest,
    recognised: decoded.recognised,
    primaryType: input.payload.primaryType,
    approvals: described.approvals,
    otherChain: decoded.domainChainId !== null && decoded.domainChainId !== BigInt(input.chainId),
  }
}
