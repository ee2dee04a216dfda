/**
 * JSON-RPC 2.0 framing for the relay.
 *
 * WalletConnect clients use request ids that do not fit in a double (e.g. 1762345678901234567,
 * from `getBigIntRpcId`). A plain `JSON.parse` would round them, the response would carry a
 * different id and the client would wait for an answer that never comes. So ids are kept as the
 * exact digits the client sent and echoed back as that number; every other id is echoed as the
 * JSON value it was (a string id is re-encoded, never pasted into the reply).
 *
 * Parsed values are copied without recursion into prototype-free objects, at most MAX_DEPTH deep.
 */
import { randomBytes } from 'node:crypto'

export const ErrorCode = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
} as const

/** A method handler throws this to answer with a JSON-RPC error. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

export const invalidParams = (message: string): RpcError => new RpcError(ErrorCode.invalidParams, message)

export type IncomingMessage =
  | { kind: 'request'; rawId: string | undefined; method: string; params: unknown }
  | { kind: 'response'; id: string; ok: boolean; error?: unknown }
  | { kind: 'invalid'; rawId: string | undefined; code: number; message: string }

/**
 * Big integers are rewritten to marked strings before `JSON.parse`. The marker carries a random
 * per-process nonce, so no string a client sends can pass for one (a client string is always a
 * string, echoed as a JSON string).
 */
const BIG_MARK = `\u0000bigint:${randomBytes(12).toString('hex')}:`
const BIG_MARK_JSON = JSON.stringify(BIG_MARK).slice(1, -1)
const DIGITS_16 = /\d{16}/
const INTEGER = /^-?\d+$/

/** Deepest nesting of arrays and objects accepted in a frame (the SDK sends 3 or 4 levels). */
export const MAX_DEPTH = 32

/**
 * Rewrites every integer literal that is not a safe integer into a marked string, outside of JSON
 * strings, so that `JSON.parse` keeps its digits.
 */
function protectBigIntegers(text: string): string {
  let out = ''
  let last = 0
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      i++
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d === 92 /* \ */) i += 2
        else if (d === 34) {
          i++
          break
        } else i++
      }
      continue
    }
    if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      const start = i
      i++
      while (i < n) {
        const d = text.charCodeAt(i)
        if ((d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45) i++
        else break
      }
      const token = text.slice(start, i)
      if (INTEGER.test(token) && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(last, start)}"${BIG_MARK_JSON}${token}"`
        last = i
      }
      continue
    }
    i++
  }
  return last === 0 ? text : out + text.slice(last)
}

/** The digits of a marked big integer, or undefined for any other value. */
function bigDigits(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith(BIG_MARK)) return undefined
  const digits = value.slice(BIG_MARK.length)
  return INTEGER.test(digits) ? digits : undefined
}

export class TooDeepError extends Error {
  constructor() {
    super(`Invalid request: nesting deeper than ${MAX_DEPTH} levels`)
    this.name = 'TooDeepError'
  }
}

/**
 * Copies a parsed JSON value without recursion: objects become prototype-free (a `__proto__` key
 * is an ordinary own key, never a prototype), marked big integers become numbers, and nesting
 * deeper than MAX_DEPTH throws TooDeepError. Top-level keys in `keepMarked` keep their marked
 * string (the request id, echoed digit for digit).
 */
export function sanitize(root: unknown, keepMarked: readonly string[] = []): unknown {
  const restore = (v: unknown): unknown => {
    const digits = bigDigits(v)
    return digits === undefined ? v : Number(digits)
  }
  if (root === null || typeof root !== 'object') return restore(root)
  const copyOf = (v: object): Record<string, unknown> | unknown[] =>
    Array.isArray(v) ? new Array<unknown>(v.length) : (Object.create(null) as Record<string, unknown>)
  const top = copyOf(root)
  const stack: Array<{ from: object; to: Record<string, unknown> | unknown[]; depth: number }> = [
    { from: root, to: top, depth: 1 },
  ]
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { from, to, depth } = frame
    const entries: Array<[string | number, unknown]> = Array.isArray(from)
      ? from.map((v, i) => [i, v])
      : Object.entries(from)
    for (const [k, v] of entries) {
      let copy: unknown
      if (v !== null && typeof v === 'object') {
        if (depth >= MAX_DEPTH) throw new TooDeepError()
        copy = copyOf(v)
        stack.push({ from: v, to: copy as Record<string, unknown> | unknown[], depth: depth + 1 })
      } else copy = depth === 1 && keepMarked.includes(k as string) ? v : restore(v)
      if (Array.isArray(to)) to[k as number] = copy
      else Object.defineProperty(to, k, { value: copy, enumerable: true, writable: true, configurable: true })
    }
  }
  return top
}

/** The id as JSON text: strings and numbers exactly as JSON values (big integers digit for digit). */
function rawIdOf(id: unknown): string | undefined {
  const digits = bigDigits(id)
  if (digits !== undefined) return digits
  if (typeof id === 'string') return JSON.stringify(id)
  if (typeof id === 'number' && Number.isFinite(id)) return JSON.stringify(id)
  if (id === null) return 'null'
  return undefined
}

/** The id as a plain key, for matching a client's response to a relay request. */
function idKey(id: unknown): string | undefined {
  if (typeof id === 'number' && Number.isFinite(id)) return String(id)
  if (typeof id === 'string') {
    const s = bigDigits(id) ?? id
    // safe-json serialises a BigInt as "123n".
    return s.endsWith('n') && /^\d+n$/.test(s) ? s.slice(0, -1) : s
  }
  return undefined
}

export function parseIncoming(text: string): IncomingMessage {
  let value: unknown
  try {
    value = sanitize(JSON.parse(DIGITS_16.test(text) ? protectBigIntegers(text) : text), ['id'])
  } catch (error) {
    if (error instanceof TooDeepError) {
      return { kind: 'invalid', rawId: 'null', code: ErrorCode.invalidRequest, message: error.message }
    }
    return {
      kind: 'invalid',
      rawId: 'null',
      code: ErrorCode.parse,
      message: `Parse error: ${(error as Error).message}`,
    }
  }
  if (Array.isArray(value)) {
    return {
      kind: 'invalid',
      rawId: 'null',
      code: ErrorCode.invalidRequest,
      message: 'Invalid request: batch (array) requests are not supported',
    }
  }
  if (value === null || typeof value !== 'object') {
    return {
      kind: 'invalid',
      rawId: 'null',
      code: ErrorCode.invalidRequest,
      message: 'Invalid request: expected a JSON-RPC object',
    }
  }
  const obj = value as Record<string, unknown>
  const rawId = rawIdOf(obj.id)
  if ('method' in obj) {
    if (typeof obj.method !== 'string' || obj.method.length === 0) {
      return {
        kind: 'invalid',
        rawId: rawId ?? 'null',
        code: ErrorCode.invalidRequest,
        message: 'Invalid request: "method" must be a non-empty string',
      }
    }
    if ('id' in obj && rawId === undefined) {
      return {
        kind: 'invalid',
        rawId: 'null',
        code: ErrorCode.invalidRequest,
        message: 'Invalid request: "id" must be a number, a string or null',
      }
    }
    return { kind: 'request', rawId, method: obj.method, params: obj.params }
  }
  if ('result' in obj || 'error' in obj) {
    const key = idKey(obj.id)
    if (key === undefined) {
      return {
        kind: 'invalid',
        rawId: 'null',
        code: ErrorCode.invalidRequest,
        message: 'Invalid response: "id" must be a number or a string',
      }
    }
    return 'error' in obj
      ? { kind: 'response', id: key, ok: false, error: obj.error }
      : { kind: 'response', id: key, ok: true }
  }
  return {
    kind: 'invalid',
    rawId: rawId ?? 'null',
    code: ErrorCode.invalidRequest,
    message: 'Invalid request: neither a request (method) nor a response (result/error)',
  }
}

export function formatResult(rawId: string, result: unknown): string {
  return `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result ?? null)}}`
}

export function formatError(rawId: string, code: number, message: string): string {
  return `{"id":${rawId},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`
}

export function formatRequest(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params })
}
