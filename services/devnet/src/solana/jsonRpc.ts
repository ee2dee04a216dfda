/** A JSON-RPC 2.0 server core: parse, dispatch (single or batch), and error objects. Transport-free. */

export const RpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Solana: preflight simulation failed. */
  sendTransactionPreflightFailure: -32002,
  /** Solana: a signature does not verify. */
  transactionSignatureVerificationFailure: -32003,
  /** Solana: the node has not reached the requested minContextSlot. */
  minContextSlotNotReached: -32016,
} as const

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

export const invalidParams = (message = 'Invalid params') => new RpcError(RpcErrorCode.invalidParams, message)

export type RpcHandler = (params: unknown[]) => unknown

type Id = string | number | null

interface Response {
  jsonrpc: '2.0'
  id: Id
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

function errorResponse(id: Id, err: unknown): Response {
  if (err instanceof RpcError) {
    return {
      jsonrpc: '2.0',
      id,
      error: { code: err.code, message: err.message, ...(err.data !== undefined && { data: err.data }) },
    }
  }
  const message = err instanceof Error ? err.message : String(err)
  return { jsonrpc: '2.0', id, error: { code: RpcErrorCode.internal, message: `Internal error: ${message}` } }
}

/** One call; undefined for a notification (no id), which gets no answer. */
export function dispatch(request: unknown, methods: Record<string, RpcHandler>): Response | undefined {
  const req = request as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | null
  const validId =
    req !== null &&
    typeof req === 'object' &&
    (typeof req.id === 'string' || typeof req.id === 'number' || req.id === null || req.id === undefined)
  const id = validId && req?.id !== undefined ? (req.id as Id) : null
  if (!validId || req.jsonrpc !== '2.0' || typeof req.method !== 'string') {
    return errorResponse(id, new RpcError(RpcErrorCode.invalidRequest, 'Invalid request'))
  }
  const isNotification = req.id === undefined
  const handler = Object.hasOwn(methods, req.method) ? methods[req.method] : undefined
  let response: Response
  if (!handler) {
    response = errorResponse(id, new RpcError(RpcErrorCode.methodNotFound, 'Method not found'))
  } else if (req.params !== undefined && !Array.isArray(req.params)) {
    response = errorResponse(id, invalidParams('Invalid params: expected an array'))
  } else {
    try {
      response = { jsonrpc: '2.0', id, result: handler((req.params as unknown[] | undefined) ?? []) }
    } catch (err) {
      response = errorResponse(id, err)
    }
  }
  return isNotification ? undefined : response
}

/** A request body (single or batch) to the response body, or undefined when nothing is to be sent. */
export function handleJsonRpc(body: string, methods: Record<string, RpcHandler>): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return JSON.stringify(errorResponse(null, new RpcError(RpcErrorCode.parseError, 'Parse error')))
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) {
      return JSON.stringify(errorResponse(null, new RpcError(RpcErrorCode.invalidRequest, 'Invalid request')))
    }
    const responses = parsed.map((r) => dispatch(r, methods)).filter((r) => r !== undefined)
    return responses.length > 0 ? JSON.stringify(responses) : undefined
  }
  const response = dispatch(parsed, methods)
  return response === undefined ? undefined : JSON.stringify(response)
}
