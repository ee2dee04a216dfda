/** A bare JSON-RPC call over HTTP, for probing chains before any client library is involved. */
export async function rpcCall<T = unknown>(
  url: string,
  method: string,
  params: unknown[] = [],
  signal?: AbortSignal,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: signal ?? null,
  })
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } }
  if (body.error) throw new Error(`${method} failed: ${body.error.code} ${body.error.message}`)
  return body.result as T
}
