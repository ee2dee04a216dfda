/**
 * The API's preview answer as the kernel accepts it (shared-types/src/preview.ts): every field checked,
 * lists and strings capped, display text cleaned while it is parsed. An answer that does not fit is no
 * preview at all (unavailable), never a partial one.
 */
import type { PreviewResponse } from '@portico/shared-types/api'
import * as v from 'valibot'
import { visibleText } from './displayText.ts'

/** services/api caps an answer at 200 effects; a little room, then refuse. */
const MAX_ITEMS = 256
const hex = (length?: number) =>
  v.pipe(v.string(), v.regex(length ? new RegExp(`^0x[0-9a-fA-F]{${length}}$`) : /^0x[0-9a-fA-F]{0,128}$/))
const address = v.pipe(hex(40)) as v.GenericSchema<string, `0x${string}`>
const digest = hex(64) as v.GenericSchema<string, `0x${string}`>
const integer = v.pipe(v.string(), v.regex(/^\d{1,78}$/))
const networkId = v.pipe(v.string(), v.regex(/^eip155:\d{1,20}$/)) as v.GenericSchema<
  string,
  `eip155:${string}`
>
const caipAddress = v.pipe(v.string(), v.regex(/^eip155:\d{1,20}:0x[0-9a-fA-F]{40}$/)) as v.GenericSchema<
  string,
  `eip155:${string}:${string}`
>
const shownText = (maxLength: number) =>
  v.pipe(
    v.string(),
    v.maxLength(maxLength * 4),
    v.transform((text) => visibleText(text, maxLength)),
  )

const Token = v.object({
  address: caipAddress,
  standard: v.picklist(['native', 'erc20', 'erc721', 'erc1155', 'unknown']),
  symbol: v.nullable(shownText(32)),
  name: v.nullable(shownText(100)),
  decimals: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255))),
  listed: v.boolean(),
})

const AssetChange = v.object({
  direction: v.picklist(['in', 'out']),
  token: Token,
  amount: v.optional(integer),
  tokenId: v.optional(integer),
  counterparty: address,
})

const Approval = v.object({
  token: Token,
  spender: address,
  amount: v.optional(integer),
  unlimited: v.boolean(),
  tokenId: v.optional(integer),
  forAll: v.optional(v.boolean()),
  revoked: v.boolean(),
  deadline: v.optional(integer),
  expiration: v.optional(integer),
})

const Approvals = v.pipe(v.array(Approval), v.maxLength(MAX_ITEMS))

const Transaction = v.object({
  kind: v.literal('transaction'),
  chainId: networkId,
  digest,
  status: v.picklist(['success', 'reverted']),
  revert: v.optional(
    v.object({
      callIndex: v.pipe(v.number(), v.integer(), v.minValue(0)),
      kind: v.picklist(['error', 'panic', 'custom', 'empty']),
      reason: v.optional(shownText(200)),
      code: v.optional(integer),
      selector: v.optional(hex(8) as v.GenericSchema<string, `0x${string}`>),
    }),
  ),
  changes: v.pipe(v.array(AssetChange), v.maxLength(MAX_ITEMS)),
  approvals: Approvals,
  gasUsed: integer,
})

const Signature = v.object({
  kind: v.literal('signature'),
  chainId: networkId,
  digest,
  recognised: v.boolean(),
  primaryType: shownText(100),
  approvals: Approvals,
  otherChain: v.boolean(),
})

const Unavailable = v.object({
  kind: v.literal('unavailable'),
  chainId: networkId,
  digest,
  // Not shown: the view says it in the visitor's language.
  message: v.pipe(v.string(), v.maxLength(1000)),
})

export const PreviewResponseSchema: v.GenericSchema<unknown, PreviewResponse> = v.variant('kind', [
  Transaction,
  Signature,
  Unavailable,
])

/** A preview answer is at most this many bytes, read with a count (api/boundedText.ts). */
export const MAX_PREVIEW_ANSWER_BYTES = 256 * 1024
