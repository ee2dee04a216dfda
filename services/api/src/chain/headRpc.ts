/**
 * A chain's head (eth_blockNumber) over a small keep-alive connection pool (undici). A balance answer
 * checks the head on every request (cache/head.ts); through viem's fetch transport one call costs about
 * ten times the CPU and latency of this one.
 */
import { Pool } from 'undici'

export interface HeadRpc {
  /** The chain's latest block number. */
  read(): Promise<number>
  close(): Promise<void>
}

/** An eth_blockNumber answer is ~60 bytes: anything much larger is not one. */
const MAX_RESPONSE_BYTES = 16 * 1024
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]{0,12})$/i

export function createHeadRpc(rpcUrl: string, timeoutMs: number): HeadRpc {
  const url = new URL(rpcUrl)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`RPC URL ${url.origin}: expected http or https`)
  let pool: Pool | undefined
  const call = async (): Promise<number> => {
    pool ??= new Pool(url.origin, { connections: 2, maxResponseSize: MAX_RESPONSE_BYTES })
    const res = await pool.request({
      method: 'POST',
      path: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/json' },
      body: BODY,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await res.body.text()
    if (res.statusCode !== 200) throw new Error(`eth_blockNumber: HTTP ${res.statusCode} from ${url.origin}`)
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch {
      throw new Error(`eth_blockNumber: ${url.origin} did not answer JSON`)
    }
    const { result, error } = (answer ?? {}) as { result?: unknown; error?: { message?: unknown } }
    if (error !== undefined)
      throw new Error(`eth_blockNumber: ${String(error?.message ?? 'error').slice(0, 200)}`)
    if (typeof result !== 'string' || !QUANTITY.test(result))
      throw new Error(`eth_blockNumber: ${url.origin} answered no block number`)
    return Number.parseInt(result.slice(2), 16)
  }
  return {
    // One retry, as the chain's viem client does.
    read: () => call().catch(() => call()),
    close: async () => {
      const open = pool
      pool = undefined
      await open?.close()
    },
  }
}
