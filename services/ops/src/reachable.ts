import { connect } from 'node:net'

/** Whether a TCP server accepts a connection (a readiness check for SMTP, Redis…); closes it at once. */
export function tcpReachable(host: string, port: number, timeoutMs = 2000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: timeoutMs })
    socket.once('connect', () => {
      socket.destroy()
      resolve()
    })
    socket.once('timeout', () => {
      socket.destroy()
      reject(new Error(`${host}:${port} did not accept a connection within ${timeoutMs} ms`))
    })
    socket.once('error', (err) => {
      socket.destroy()
      reject(err)
    })
  })
}

/** Whether a JSON-RPC endpoint answers eth_blockNumber with a result. */
export async function rpcAnswers(rpcUrl: string, timeoutMs = 2000): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const body = (await res.json()) as { result?: unknown }
  if (!res.ok || typeof body.result !== 'string') throw new Error(`${new URL(rpcUrl).host}: no block number`)
}
