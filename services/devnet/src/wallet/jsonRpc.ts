import { ErrorCode, ProviderRpcError } from './errors.ts'

export type Fetch = (input: string, init: RequestInit) => Promise<Response>

interface JsonRpcResponse {
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** JSON-RPC over HTTP that surfaces the node's errors unchanged (code, message, data). */
export function createJsonRpc(fetchFn: Fetch) {
  let nextId = 1
  return async function call(url: string, method: string, params: unknown = []): Promise<unknown> {
    let res: Response
    try {
      res = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      })
    } catch (err) {
      throw new ProviderRpcError(
        ErrorCode.chainDisconnected,
        `Cannot reach ${url}: ${err instanceof Error ? err.message : String(err)}`,
      )
    }
    let body: JsonRpcResponse
    try {
      body = (await res.json()) as JsonRpcResponse
    } catch {
      throw new ProviderRpcError(
        ErrorCode.internal,
        `${url} answered ${method} with HTTP ${res.status}, not JSON`,
      )
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    if (!res.ok || !('result' in body)) {
      throw new ProviderRpcError(ErrorCode.internal, `${url} answered ${method} with HTTP ${res.status}`)
    }
    return body.result
  }
}

export type JsonRpc = ReturnType<typeof createJsonRpc>
