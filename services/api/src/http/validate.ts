import * as v from 'valibot'
import { type Address, getAddress } from 'viem'
import type { HistoryKey } from '../db/repository.ts'
import { decodeCursor } from '../history/cursor.ts'
import { badRequest } from './errors.ts'

/** Parses input with a valibot schema; the first issue becomes a 400 with its message. */
export function parse<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = issue.path?.map((p) => String(p.key)).join('.')
  if (path && issue.received === 'undefined') throw badRequest(`${path} is required (${what})`)
  throw badRequest(
    path && !issue.message.includes(path) ? `${what} ${path}: ${issue.message}` : issue.message,
  )
}

const HEX_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const CAIP10_EIP155 = /^eip155:\d{1,20}:(0x)?[0-9a-fA-F]{40}$/

/** An eip155 account: 40 hex characters with optional 0x (behaviour §5), or its CAIP-10 form. */
export function parseAccount(raw: string): { address: Address; chainId: number | null } {
  if (HEX_ADDRESS.test(raw)) return { address: checksum(raw), chainId: null }
  if (CAIP10_EIP155.test(raw)) {
    const [, chain = '', addr = ''] = raw.split(':')
    return { address: checksum(addr), chainId: Number(chain) }
  }
  throw badRequest(
    `Invalid address "${clip(raw)}": expected 0x followed by 40 hex characters, or eip155:<chainId>:<address>`,
  )
}

function checksum(hex: string): Address {
  return getAddress(hex.startsWith('0x') ? hex : `0x${hex}`)
}

export type ParsedNetwork =
  | { namespace: 'eip155'; chainId: number }
  | { namespace: string; reference: string }

/** A CAIP-2 network id (eip155:1, solana:5eyk…) or a bare eip155 chain number. */
export function parseNetwork(raw: string): ParsedNetwork {
  if (/^\d{1,12}$/.test(raw) && Number(raw) > 0) return { namespace: 'eip155', chainId: Number(raw) }
  const match = /^(eip155|solana|polkadot|bip122):([-a-zA-Z0-9]{1,32})$/.exec(raw)
  if (match?.[1] === 'eip155' && /^\d{1,12}$/.test(match[2] ?? '') && Number(match[2]) > 0)
    return { namespace: 'eip155', chainId: Number(match[2]) }
  if (match?.[1] && match[1] !== 'eip155' && match[2]) return { namespace: match[1], reference: match[2] }
  throw badRequest(`Invalid chainId "${clip(raw)}": expected a CAIP-2 network id such as eip155:1`)
}

export function parseCursor(raw: string): HistoryKey {
  const key = decodeCursor(raw)
  if (!key) throw badRequest(`Invalid cursor "${clip(raw)}": pass the "next" value of the previous page`)
  return key
}

/** A CAIP-10 eip155 token address (forceUpdate, fungible price). */
export function parseTokenAddress(raw: string): { chainId: number; address: Address } {
  if (!CAIP10_EIP155.test(raw))
    throw badRequest(`Invalid token address "${clip(raw)}": expected eip155:<chainId>:0x<40 hex characters>`)
  const [, chain = '', addr = ''] = raw.split(':')
  return { chainId: Number(chain), address: checksum(addr) }
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s
}

const text = (max: number) =>
  v.pipe(v.string('must be a single value'), v.maxLength(max, `must be at most ${max} characters`))

/** Query parameters every SDK call carries (behaviour §7); logged with the request. */
export const sdkQuery = {
  projectId: v.optional(text(128)),
  st: v.optional(text(64)),
  sv: v.optional(text(64)),
  clientId: v.optional(text(256)),
}

export const currency = v.optional(
  v.pipe(
    v.string('must be a single value'),
    v.regex(/^[a-zA-Z]{3}$/, 'must be a 3-letter currency code such as usd'),
    v.toLowerCase(),
  ),
  'usd',
)

export { text, v }
