/** Bounds of POST /v1/preview: what one request may ask and how much of a node's answer is read. */

/** Largest request body, counted by fastify while it is read (413 past it). */
export const MAX_PREVIEW_BODY_BYTES = 128 * 1024
/** Calls in one batch (EIP-5792 batches are a few calls: approve + swap). */
export const MAX_BATCH_CALLS = 10
/** Calldata per call, in bytes. */
export const MAX_CALLDATA_BYTES = 16 * 1024
/** Typed data: nesting below the payload, and objects, arrays, keys and values together. */
export const MAX_TYPED_DATA_DEPTH = 10
export const MAX_TYPED_DATA_VALUES = 2000
/** Struct types in one typed-data payload, and fields per type. */
export const MAX_TYPED_DATA_TYPES = 50
export const MAX_TYPED_DATA_FIELDS = 50
/** The simulation's own bounds (time, answer size, logs): the shared ones, the wallet frame's too. */
export {
  MAX_SIMULATION_ANSWER_BYTES,
  MAX_SIMULATION_LOGS,
  SIMULATION_TIMEOUT_MS,
} from '@portico/shared-types/preview-simulate'
/** Asset changes and approvals answered: more and the preview is unavailable rather than partial. */
export const MAX_PREVIEW_EFFECTS = 200
/** Unknown token contracts whose metadata is read on chain per preview. */
export const MAX_TOKEN_LOOKUPS = 20
/** Longest revert reason answered (code points, after display-text cleaning). */
export const MAX_REVERT_REASON_CHARS = 200
