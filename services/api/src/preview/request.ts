/**
 * The body of POST /v1/preview checked and made canonical: checksummed addresses, values as bigint,
 * calldata as lower-case hex. What is simulated and what the digest covers is this canonical form.
 */

import {
  canonicalCall as canonicalPreviewCall,
  type PreviewedCall,
} from '@portico/shared-types/preview-digest'
import { type Address, getAddress } from 'viem'
import { badRequest } from '../http/errors.ts'
import { jsonShapeProblem } from '../http/jsonShape.ts'
import { parse, parseNetwork, text, v } from '../http/validate.ts'
import {
  MAX_BATCH_CALLS,
  MAX_CALLDATA_BYTES,
  MAX_TYPED_DATA_DEPTH,
  MAX_TYPED_DATA_FIELDS,
  MAX_TYPED_DATA_TYPES,
  MAX_TYPED_DATA_VALUES,
} from './limits.ts'

const address = (name: string) =>
  v.pipe(
    v.string(`${name} must be a 0x address`),
    v.regex(/^0x[0-9a-fA-F]{40}$/, `${name} must be 0x followed by 40 hex characters`),
  )
const quantity = (name: string) =>
  v.pipe(
    v.string(`${name} must be a decimal or 0x hex string`),
    v.regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/, `${name} must be a decimal or 0x hex integer`),
  )
const calldata = v.pipe(
  v.string('data must be 0x hex'),
  v.maxLength(2 + MAX_CALLDATA_BYTES * 2, `data must be at most ${MAX_CALLDATA_BYTES} bytes`),
  v.regex(/^0x([0-9a-fA-F]{2})*$/, 'data must be 0x followed by whole bytes of hex'),
)
const Call = v.object(
  { to: address('to'), value: v.optional(quantity('value')), data: v.optional(calldata) },
  'a call must be an object with to, value and data',
)

const Body = v.object(
  {
    chainId: v.pipe(v.string('chainId must be a CAIP-2 network id such as eip155:1'), v.maxLength(80)),
    projectId: v.optional(text(128)),
    transaction: v.optional(
      v.object(
        { from: address('from'), ...Call.entries, gas: v.optional(quantity('gas')) },
        'transaction must be an object with from, to, value and data',
      ),
    ),
    batch: v.optional(
      v.object(
        {
          from: address('from'),
          calls: v.pipe(
            v.array(Call, 'calls must be an array'),
            v.minLength(1, 'calls must hold at least one call'),
            v.maxLength(MAX_BATCH_CALLS, `calls must hold at most ${MAX_BATCH_CALLS} calls`),
          ),
        },
        'batch must be an object with from and calls',
      ),
    ),
    typedData: v.optional(
      v.object(
        { from: address('from'), payload: v.unknown() },
        'typedData must be an object with from and payload',
      ),
    ),
  },
  'body must be a JSON object with chainId and one of transaction, batch, typedData',
)

const Field = v.object({
  name: v.pipe(v.string(), v.maxLength(100)),
  type: v.pipe(v.string(), v.maxLength(100)),
})
const TypedPayload = v.object(
  {
    domain: v.record(v.string(), v.unknown(), 'payload.domain must be an object'),
    types: v.pipe(
      v.record(
        v.string(),
        v.pipe(
          v.array(Field, 'each type must be an array of { name, type }'),
          v.maxLength(MAX_TYPED_DATA_FIELDS, `a type may have at most ${MAX_TYPED_DATA_FIELDS} fields`),
        ),
        'payload.types must be an object of types',
      ),
      v.check(
        (types) => Object.keys(types).length <= MAX_TYPED_DATA_TYPES,
        `payload.types may hold at most ${MAX_TYPED_DATA_TYPES} types`,
      ),
    ),
    primaryType: v.pipe(v.string('payload.primaryType must be a type name'), v.maxLength(100)),
    message: v.record(v.string(), v.unknown(), 'payload.message must be an object'),
  },
  'typedData.payload must be an object with domain, types, primaryType and message',
)

export type TypedPayload = v.InferOutput<typeof TypedPayload>

export type PreviewInput =
  | { kind: 'calls'; chainId: number; from: Address; calls: PreviewedCall[] }
  | { kind: 'typedData'; chainId: number; from: Address; payload: TypedPayload }

export function parsePreviewRequest(raw: unknown): PreviewInput {
  const body = parse(Body, raw, 'body')
  const network = parseNetwork(body.chainId)
  if (!('chainId' in network)) throw badRequest('Previews are for eip155 networks only')
  const asked = [body.transaction, body.batch, body.typedData].filter((x) => x !== undefined).length
  if (asked !== 1) throw badRequest('body must hold exactly one of transaction, batch, typedData')
  const { chainId } = network
  if (body.transaction) {
    const { from, ...call } = body.transaction
    return { kind: 'calls', chainId, from: getAddress(from), calls: [canonicalCall(call)] }
  }
  if (body.batch) {
    const { from, calls } = body.batch
    return { kind: 'calls', chainId, from: getAddress(from), calls: calls.map(canonicalCall) }
  }
  const typed = body.typedData
  if (!typed) throw badRequest('body must hold exactly one of transaction, batch, typedData')
  // Before anything walks the payload recursively (valibot, viem's encoder): no nesting can overflow.
  const shape = jsonShapeProblem(typed.payload, {
    maxDepth: MAX_TYPED_DATA_DEPTH,
    maxNodes: MAX_TYPED_DATA_VALUES,
  })
  if (shape !== null) throw badRequest(`typedData.payload ${shape}`)
  return {
    kind: 'typedData',
    chainId,
    from: getAddress(typed.from),
    payload: parse(TypedPayload, typed.payload, 'typedData'),
  }
}

/** The shared canonical form (the digest's); the body's shape was checked above, so only a value above 256 bits fails here. */
function canonicalCall(call: {
  to: string
  value?: string | undefined
  data?: string | undefined
}): PreviewedCall {
  try {
    return canonicalPreviewCall(call)
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : 'a call is malformed')
  }
}
