/**
 * A client of the Bitcoin node's HTTP API (bcoin: REST for coins and transactions by address, JSON-RPC
 * at `/` for fee estimates and broadcast). Every answer is size-capped and checked against a schema:
 * a node answering nonsense is an error, never a wrong balance.
 */
import * as v from 'valibot'
import { BodyTooLargeError, readBoundedText } from '../http/boundedBody.ts'

export interface BitcoinNodeConfig {
  /** CAIP-2 id of the node's network (bip122:<genesis hash prefix>). */
  networkId: string
  /** The node's HTTP API. */
  url: string
  /** Basic-auth password (user `x`), when the node wants one. */
  apiKey?: string
}

/** Largest node answer read (a page of an address's transactions stays far below). */
export const MAX_NODE_ANSWER_BYTES = 4 * 1024 * 1024
/** Coins and transactions considered per address. */
export const MAX_COINS = 1000
export const MAX_TXS = 50

const sats = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(21e14))
const hash = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))
const hex = v.pipe(v.string(), v.maxLength(20_000), v.regex(/^([0-9a-f]{2})*$/))
const address = v.pipe(v.string(), v.maxLength(100))

const Coin = v.object({
  hash,
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
  value: sats,
  height: v.pipe(v.number(), v.integer(), v.minValue(-1)),
  script: hex,
  coinbase: v.optional(v.boolean()),
})
export type NodeCoin = v.InferOutput<typeof Coin>

const TxOutput = v.object({ value: sats, address: v.optional(v.nullable(address)) })
const TxInput = v.object({
  coin: v.optional(v.nullable(v.object({ value: sats, address: v.optional(v.nullable(address)) }))),
})
const Tx = v.object({
  hash,
  height: v.pipe(v.number(), v.integer(), v.minValue(-1)),
  mtime: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  time: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  fee: v.optional(sats),
  inputs: v.pipe(v.array(TxInput), v.maxLength(10_000)),
  outputs: v.pipe(v.array(TxOutput), v.maxLength(10_000)),
})
export type NodeTx = v.InferOutput<typeof Tx>

const Broadcasted = v.object({
  success: v.optional(v.boolean()),
  error: v.optional(v.unknown()),
})
const RpcAnswer = v.object({ result: v.unknown(), error: v.nullable(v.optional(v.unknown())) })
const FeeEstimate = v.object({ fee: v.number() })

/**
 * A node failure. `message` is ours and fixed (safe to answer); `detail` is what the node or the
 * network said, which may carry paths or secrets: it goes to the log, never into an answer.
 */
export class BitcoinNodeError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message)
  }
}

const detail = (value: unknown): string =>
  (value instanceof Error ? `${value.name}: ${value.message}` : String(value)).slice(0, 500)

export interface BitcoinNodeClient {
  networkId: string
  coins(address: string): Promise<NodeCoin[]>
  transactions(address: string): Promise<NodeTx[]>
  /** BTC per kvB the node estimates for confirmation within `blocks`, or null when it has no estimate. */
  estimateFee(blocks: number): Promise<number | null>
  broadcast(txHex: string): Promise<string>
}

export function createBitcoinNodeClient(config: BitcoinNodeConfig, timeoutMs: number): BitcoinNodeClient {
  const base = new URL(config.url)
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new Error(`bitcoin node: bad URL ${config.url}`)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (config.apiKey) headers.authorization = `Basic ${Buffer.from(`x:${config.apiKey}`).toString('base64')}`

  /** `errorStatusOk`: JSON-RPC answers its errors in a JSON body with a non-2xx status. */
  async function call(path: string, init: RequestInit = {}, errorStatusOk = false): Promise<unknown> {
    // One deadline for the connection and the whole body: a node trickling bytes is a timeout too.
    const signal = AbortSignal.timeout(timeoutMs)
    let response: Response
    let text: string
    try {
      response = await fetch(new URL(path, base), { ...init, headers, signal })
      text = await readBoundedText(response, MAX_NODE_ANSWER_BYTES)
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new BitcoinNodeError('bitcoin node: answer too large')
      if (signal.aborted) throw new BitcoinNodeError('bitcoin node: no answer in time', detail(error))
      throw new BitcoinNodeError('bitcoin node unreachable', detail(error))
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new BitcoinNodeError(`bitcoin node: not JSON (HTTP ${response.status})`)
    }
    if (!response.ok && !errorStatusOk) {
      throw new BitcoinNodeError(`bitcoin node: HTTP ${response.status}`)
    }
    return body
  }

  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const body = await call('/', { method: 'POST', body: JSON.stringify({ method, params, id: 1 }) }, true)
    const answer = v.safeParse(RpcAnswer, body)
    if (!answer.success) throw new BitcoinNodeError(`bitcoin node: malformed ${method} answer`)
    if (answer.output.error) {
      // The node's own words (paths, configuration) are for the log only.
      const message = (answer.output.error as { message?: unknown }).message
      throw new BitcoinNodeError(`bitcoin node: ${method} failed`, detail(message))
    }
    return answer.output.result
  }

  const list = <S extends v.GenericSchema>(schema: S, body: unknown, max: number, what: string) => {
    const parsed = v.safeParse(v.array(schema), body)
    if (!parsed.success) throw new BitcoinNodeError(`bitcoin node: malformed ${what}`)
    return parsed.output.slice(0, max) as v.InferOutput<S>[]
  }

  return {
    networkId: config.networkId,
    async coins(addr) {
      return distinctOutpoints(
        list(Coin, await call(`/coin/address/${encodeURIComponent(addr)}`), MAX_COINS, 'coins'),
      )
    },
    async transactions(addr) {
      const txs = list(Tx, await call(`/tx/address/${encodeURIComponent(addr)}`), 10_000, 'transactions')
      // Newest first: unconfirmed (height -1) on top, then by height.
      const rank = (tx: NodeTx) => (tx.height < 0 ? Number.MAX_SAFE_INTEGER : tx.height)
      return txs.sort((a, b) => rank(b) - rank(a)).slice(0, MAX_TXS)
    },
    async estimateFee(blocks) {
      const parsed = v.safeParse(FeeEstimate, await rpc('estimatesmartfee', [blocks]))
      if (!parsed.success) throw new BitcoinNodeError('bitcoin node: malformed fee estimate')
      const fee = parsed.output.fee
      return Number.isFinite(fee) && fee > 0 && fee < 1 ? fee : null
    },
    async broadcast(txHex) {
      const decoded = v.safeParse(v.object({ txid: hash }), await rpc('decoderawtransaction', [txHex]))
      if (!decoded.success) throw new BitcoinNodeError('bitcoin node: malformed decoded transaction')
      const txid = decoded.output.txid
      // REST /broadcast waits for the mempool (RPC sendrawtransaction answers before it has decided).
      const body = await call('/broadcast', { method: 'POST', body: JSON.stringify({ tx: txHex }) }, true)
      const answer = v.safeParse(Broadcasted, body)
      if (!answer.success) throw new BitcoinNodeError('bitcoin node: malformed broadcast answer')
      if (answer.output.error) throw new BitcoinNodeError('The node refused the transaction')
      // bcoin answers success even when its mempool refused the transaction by policy: ask for it back.
      const known = await rpc('getrawtransaction', [txid, false]).catch(() => null)
      if (typeof known !== 'string') throw new BitcoinNodeError('The node refused the transaction')
      return txid
    },
  }
}

/**
 * One coin per outpoint. bcoin lists an address's mempool coins, then awaits its chain index: a block
 * connected in between puts a confirmed transaction's outputs in both halves of the answer, and the
 * balance and the coins a PSBT spends would count them twice.
 */
export function distinctOutpoints(coins: NodeCoin[]): NodeCoin[] {
  const seen = new Set<string>()
  return coins.filter((coin) => {
    const outpoint = `${coin.hash}:${coin.index}`
    if (seen.has(outpoint)) return false
    seen.add(outpoint)
    return true
  })
}
