/**
 * The one copy of a previewed request: taken when the request arrives, before anything is previewed, so a
 * caller that mutates its params object while the visitor reads the preview changes nothing that is sent.
 * It is JSON: what the API previews and what the wallet receives are this very value, whatever getters,
 * prototypes or later writes the caller's object has.
 */

import { InvalidParamsRpcError } from '../errors/rpc.ts'
import type { RequestArgs } from '../requests/pipeline.ts'

/** A request to preview is at most this large once serialised (the API refuses larger bodies anyway). */
export const MAX_PREVIEWED_REQUEST_BYTES = 512 * 1024

export interface RequestSnapshot {
  readonly method: string
  /** Deep-frozen; read it, never hand it to a wallet (`forwardable` does). */
  readonly params: unknown
  /** The exact JSON text previewed. */
  readonly json: string
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** Snapshots `args` now; a request that is not plain JSON (a bigint, a cycle, a throwing getter) is invalid params. */
export function snapshotRequest(args: RequestArgs): RequestSnapshot {
  let json: string
  try {
    json = JSON.stringify({ method: args.method, params: args.params })
  } catch (cause) {
    throw new InvalidParamsRpcError('Invalid params: a request to sign must be plain JSON', { cause })
  }
  if (json.length > MAX_PREVIEWED_REQUEST_BYTES)
    throw new InvalidParamsRpcError(`Invalid params: larger than ${MAX_PREVIEWED_REQUEST_BYTES} bytes`)
  const parsed = JSON.parse(json) as { method: string; params?: unknown }
  return deepFreeze({ method: parsed.method, params: parsed.params, json })
}

/**
 * A fresh, unfrozen copy of the snapshot for the wallet (some providers add fields to the object they are
 * given); parsed from the previewed text, so it is the previewed request byte for byte.
 */
export function forwardable(snapshot: RequestSnapshot): RequestArgs {
  const { method, params } = JSON.parse(snapshot.json) as { method: string; params?: unknown }
  return params === undefined ? { method } : { method, params }
}
