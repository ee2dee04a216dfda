/**
 * JSON-RPC 2.0 framing for the relay.
 *
 * WalletConnect clients use request ids that do not fit in a double (e.g. 1762345678901234567,
 * from `getBigIntRpcId`). A plain `JSON.parse` would round them, the response would carry a
 * different id and the client would wait for an answer that never comes. So ids are kept as the
 * exact text the client sent and echoed back verbatim.
 */

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

const BIG_MARK = '\u0000bigint:'
const DIGITS_16 = /\d{16}/

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
      if (/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) {
        // JSON text `\u0000` parses to the NUL that starts BIG_MARK.
        out += `${text.slice(last, start)}"\\u0000bigint:${token}"`
        last = i
      }
      continue
    }
    i++
  }
  return last === 0 ? text : out + text.slice(last)
}

function restoreBigIntegers(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.startsWith(BIG_MARK) ? Number(value.slice(BIG_MARK.length)) : value
  }
  if (Array.isArray(value)) return value.map(restoreBigIntegers)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = restoreBigIntegers(v)
    return out
  }
  return value
}

/** The id as JSON text, exactly as the client wrote it (numbers keep every digit). */
function rawIdOf(id: unknown): string | undefined {
  if (typeof id === 'string') return id.startsWith(BIG_MARK) ? id.slice(BIG_MARK.length) : JSON.stringify(id)
  if (typeof id === 'number' && Number.isFinite(id)) return JSON.stringify(id)
  if (id === null) return 'null'
  return undefined
}

/** The id as a plain key, for matching a client's response to a relay request. */
function idKey(id: unknown): string | undefined {
  if (typeof id === 'number' && Number.isFinite(id)) return String(id)
  if (typeof id === 'string') {
    const s = id.startsWith(BIG_MARK) ? id.slice(BIG_MARK.length) : id
    // safe-json serialises a BigInt as "123n".
    return s.endsWith('n') && /^\d+n$/.test(s) ? s.slice(0, -1) : s
  }
  return undefined
}

export function parseIncoming(text: string): IncomingMessage {
  let value: unknown
  try {
    value = JSON.parse(DIGITS_16.test(text) ? protectBigIntegers(text) : text)
  } catch (error) {
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
    return { kind: 'request', rawId, method: obj.method, params: restoreBigIntegers(obj.params) }
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
