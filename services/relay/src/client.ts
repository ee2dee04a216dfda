import { encodeIss, generateKeyPair, type Keypair, signJWT } from '@walletconnect/relay-auth'
import WebSocket from 'ws'

/**
 * A minimal relay client speaking the same wire protocol as the WalletConnect SDK (JWT in the
 * query, JSON-RPC irn_* requests, acked irn_subscription deliveries). For tests and benchmarks;
 * dapps and wallets use the real SDKs.
 */

export interface Delivery {
  /** The relay's JSON-RPC id of the irn_subscription request. */
  rpcId: number | string
  subscriptionId: string
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation: unknown
  receivedAt: number
}

export interface RelayClientOptions {
  projectId?: string
  ua?: string
  /** Ed25519 key pair; the client id is its did:key. Default: a fresh one. */
  keyPair?: Keypair
  /** JWT `aud`; default the relay URL. */
  audience?: string
  /** JWT lifetime in seconds (negative: already expired). Default 3600. */
  ttlSeconds?: number
  /** Use this token instead of signing one. */
  jwt?: string
  /** Ask for close-code errors instead of HTTP 401 (as the SDK does). */
  useOnCloseEvent?: boolean
  /** Acknowledge deliveries (default true). */
  autoAck?: boolean
  /** Answer WebSocket pings (default true). */
  autoPong?: boolean
  /** Request timeout, ms. Default 10 000. */
  timeoutMs?: number
  /** Extra headers of the upgrade request (a test posing as a reverse proxy sends X-Forwarded-For). */
  headers?: Record<string, string>
}

export class RelayRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'RelayRpcError'
  }
}

export class RelayClient {
  readonly deliveries: Delivery[] = []
  private readonly pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >()
  private readonly listeners = new Set<(d: Delivery) => void>()
  private nextId = 1
  /** Raw JSON-RPC frames that were neither deliveries nor responses to our requests. */
  readonly unmatched: unknown[] = []

  constructor(
    readonly ws: WebSocket,
    readonly clientId: string,
    private readonly autoAck: boolean,
    private readonly timeoutMs: number,
  ) {
    ws.on('message', (data) => this.onFrame(data.toString()))
    // Errors after open (e.g. the relay going away) end in 'close'; nothing to throw.
    ws.on('error', () => {})
    ws.on('close', () => {
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer)
        p.reject(new Error(`connection closed before the answer to request ${id}`))
      }
      this.pending.clear()
    })
  }

  request<T = unknown>(method: string, params: unknown, id?: number | string): Promise<T> {
    const rpcId = id ?? this.nextId++
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(String(rpcId))
        reject(new Error(`${method}: no answer within ${this.timeoutMs} ms`))
      }, this.timeoutMs)
      this.pending.set(String(rpcId), { resolve: resolve as (v: unknown) => void, reject, timer })
      this.ws.send(JSON.stringify({ id: rpcId, jsonrpc: '2.0', method, params }))
    })
  }

  /** Sends raw text and resolves with the next frame that is not a delivery. */
  sendRaw(text: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer to raw frame')), this.timeoutMs)
      const before = this.unmatched.length
      const check = () => {
        if (this.unmatched.length > before) {
          clearTimeout(timer)
          this.ws.off('message', onMessage)
          resolve(this.unmatched[before])
        }
      }
      const onMessage = () => setImmediate(check)
      this.ws.on('message', onMessage)
      this.ws.send(text)
    })
  }

  onDelivery(listener: (d: Delivery) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Resolves once `count` deliveries have arrived in total (since connect). */
  waitForDeliveries(count: number, timeoutMs = this.timeoutMs): Promise<Delivery[]> {
    if (this.deliveries.length >= count) return Promise.resolve(this.deliveries.slice(0, count))
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off()
        reject(new Error(`got ${this.deliveries.length} of ${count} deliveries within ${timeoutMs} ms`))
      }, timeoutMs)
      const off = this.onDelivery(() => {
        if (this.deliveries.length >= count) {
          clearTimeout(timer)
          off()
          resolve(this.deliveries.slice(0, count))
        }
      })
    })
  }

  ack(rpcId: number | string): void {
    this.ws.send(JSON.stringify({ id: rpcId, jsonrpc: '2.0', result: true }))
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve()
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve())
      this.ws.close()
    })
  }

  private onFrame(text: string) {
    let payload: Record<string, unknown>
    try {
      payload = JSON.parse(text)
    } catch {
      this.unmatched.push(text)
      return
    }
    if (payload.method === 'irn_subscription') {
      const params = payload.params as { id: string; data: Omit<Delivery, 'rpcId' | 'receivedAt'> }
      const delivery: Delivery = {
        rpcId: payload.id as number,
        subscriptionId: params.id,
        topic: params.data.topic,
        message: params.data.message,
        publishedAt: params.data.publishedAt,
        tag: params.data.tag,
        attestation: params.data.attestation,
        receivedAt: Date.now(),
      }
      if (this.autoAck) this.ack(delivery.rpcId)
      this.deliveries.push(delivery)
      for (const l of this.listeners) l(delivery)
      return
    }
    const p =
      payload.id !== undefined && payload.id !== null ? this.pending.get(String(payload.id)) : undefined
    if (!p) {
      this.unmatched.push(payload)
      return
    }
    this.pending.delete(String(payload.id))
    clearTimeout(p.timer)
    if (payload.error) {
      const e = payload.error as { code: number; message: string }
      p.reject(new RelayRpcError(e.code, e.message))
    } else p.resolve(payload.result)
  }
}

export interface RefusedConnection {
  status?: number
  body?: string
  closeCode?: number
  closeReason?: string
}

export class RelayConnectError extends Error {
  constructor(readonly refusal: RefusedConnection) {
    super(
      refusal.status !== undefined
        ? `relay refused the connection: HTTP ${refusal.status} ${refusal.body ?? ''}`
        : `relay closed the connection: ${refusal.closeCode} ${refusal.closeReason ?? ''}`,
    )
    this.name = 'RelayConnectError'
  }
}

/** Signs a relay JWT the way the WalletConnect SDK does (iss = did:key of the key pair). */
export async function signRelayJwt(keyPair: Keypair, audience: string, ttlSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  // relay-auth computes exp = iat + ttl; shifting iat gives tokens that already expired.
  const iat = ttlSeconds > 0 ? now : now + ttlSeconds - 60
  return signJWT(randomSub(), audience, ttlSeconds > 0 ? ttlSeconds : 60, keyPair, iat)
}

function randomSub(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex')
}

export function relayConnectUrl(relayUrl: string, jwt: string, opts: RelayClientOptions = {}): string {
  const u = new URL(relayUrl)
  u.searchParams.set('auth', jwt)
  if (opts.projectId !== '') u.searchParams.set('projectId', opts.projectId ?? 'portico-dev')
  u.searchParams.set('ua', opts.ua ?? 'wc-2/js-portico-relay-client')
  if (opts.useOnCloseEvent) u.searchParams.set('useOnCloseEvent', 'true')
  return u.toString()
}

/**
 * Opens an authenticated connection. Resolves when the socket is open and the relay did not
 * close it right away (a refusal with useOnCloseEvent arrives as a close frame just after open).
 */
export async function connectRelayClient(
  relayUrl: string,
  opts: RelayClientOptions = {},
): Promise<RelayClient> {
  const keyPair = opts.keyPair ?? generateKeyPair()
  const jwt = opts.jwt ?? (await signRelayJwt(keyPair, opts.audience ?? relayUrl, opts.ttlSeconds ?? 3600))
  const ws = new WebSocket(relayConnectUrl(relayUrl, jwt, opts), {
    autoPong: opts.autoPong ?? true,
    ...(opts.headers ? { headers: opts.headers } : {}),
  })
  const client = new RelayClient(
    ws,
    encodeIss(keyPair.publicKey),
    opts.autoAck ?? true,
    opts.timeoutMs ?? 10_000,
  )
  await new Promise<void>((resolve, reject) => {
    let opened = false
    ws.once('unexpected-response', (_req, res) => {
      let body = ''
      res.on('data', (c: Buffer) => {
        body += c.toString()
      })
      res.on('end', () => {
        reject(new RelayConnectError({ status: res.statusCode ?? 0, body }))
        ws.terminate()
      })
    })
    ws.on('error', (e) => {
      if (!opened) reject(e)
    })
    ws.once('close', (code, reason) => {
      reject(new RelayConnectError({ closeCode: code, closeReason: reason.toString() }))
    })
    ws.once('open', () => {
      opened = true
      if (!opts.useOnCloseEvent) return resolve()
      // Give a refusal (close 3000) a moment to arrive.
      setTimeout(() => {
        if (ws.readyState === WebSocket.OPEN) resolve()
      }, 50)
    })
  })
  return client
}
