/**
 * The simulation of a request's calls on the frame's chain (eth_simulateV1 through the shared code of
 * @portico/shared-types/preview-simulate, its answer read with the bounded reader of @portico/api),
 * reduced to what the approval shows: unavailable, reverted with a reason, or the account's effects.
 * Whatever the node does wrong (fails, stalls past the time bound, answers too much or nonsense) is
 * 'unavailable': the user still decides, on the decoded request alone.
 */
import { readBoundedText } from '@portico/api'
import type { PreviewedCall } from '@portico/shared-types/preview-digest'
import {
  type DecodedRevert,
  decodeRevert,
  type Effects,
  effectsFor,
  SimulationUnavailable,
  simulateCalls,
} from '@portico/shared-types/preview-simulate'
import type { Address, Hex } from 'viem'
import { cleanText } from './text.ts'

/** Asset changes and approvals shown: more and the simulation is unavailable rather than partial. */
export const MAX_PREVIEW_EFFECTS = 200
/** Longest revert reason shown. */
export const MAX_REVERT_REASON_CHARS = 200

export type SimulationOutcome =
  | { kind: 'unavailable'; detail: string }
  | { kind: 'reverted'; callIndex: number; revert: DecodedRevert }
  | { kind: 'success'; effects: Effects }

/** A revert reason on one line, cleaned; null when nothing visible is left. */
function cleanReason(text: string): string | null {
  return cleanText(text.replace(/\s+/g, ' '), MAX_REVERT_REASON_CHARS).trim() || null
}

export async function simulateRequest(
  rpcUrl: string,
  from: Address,
  calls: PreviewedCall[],
  timeoutMs?: number,
): Promise<SimulationOutcome> {
  try {
    const simulated = await simulateCalls(rpcUrl, from, calls, {
      readText: readBoundedText,
      ...(timeoutMs !== undefined && { timeoutMs }),
    })
    // wallet_sendCalls runs as one batch: the first failing call is the one to show.
    const failed = simulated.findIndex((call) => !call.success)
    if (failed >= 0)
      return {
        kind: 'reverted',
        callIndex: failed,
        revert: decodeRevert((simulated[failed]?.returnData ?? '0x') as Hex, cleanReason),
      }
    const effects = effectsFor(
      from,
      simulated.flatMap((call) => call.logs),
    )
    const count = effects.changes.length + effects.approvals.length
    if (count > MAX_PREVIEW_EFFECTS)
      return { kind: 'unavailable', detail: `${count} effects (at most ${MAX_PREVIEW_EFFECTS})` }
    return { kind: 'success', effects }
  } catch (err) {
    return {
      kind: 'unavailable',
      detail: err instanceof SimulationUnavailable ? err.detail : String(err).slice(0, 300),
    }
  }
}
