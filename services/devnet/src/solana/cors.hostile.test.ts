import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createOriginPolicy } from './cors.ts'
import { type SolanaRpc, startSolanaRpc } from './server.ts'

const DEMO = 'http://localhost:4173'

describe('Solana devnet RPC: only the stack’s own pages may drive it', () => {
  let rpc: SolanaRpc
  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0, allowedOrigins: [DEMO] })
  })
  afterAll(() => rpc?.stop())

  const airdrop = (to: string, headers: Record<string, string>) =>
    fetch(rpc.rpcUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [to, 1_000_000] }),
    })
  const lamports = async (address: string) => {
    const res = await fetch(rpc.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
    })
    return ((await res.json()) as { result: { value: number } }).result.value
  }

  it('refuses a page of any other site before running the call, preflighted or "simple"', async () => {
    const target = new Keypair().publicKey.toBase58()
    for (const origin of ['https://evil.example', 'http://localhost:9999', 'null', 'file://']) {
      const simple = await airdrop(target, { origin, 'content-type': 'text/plain' })
      expect(simple.status, origin).toBe(403)
      expect(simple.headers.get('access-control-allow-origin')).toBeNull()
      const json = await airdrop(target, { origin, 'content-type': 'application/json' })
      expect(json.status, origin).toBe(403)
      const preflight = await fetch(rpc.rpcUrl, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
      expect(preflight.status, origin).toBe(403)
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    }
    expect(await lamports(target)).toBe(0)
  })

  it('serves the stack’s page origin (either loopback name) with its own origin, never *', async () => {
    const target = new Keypair().publicKey.toBase58()
    for (const origin of [DEMO, 'http://127.0.0.1:4173']) {
      const res = await airdrop(target, { origin, 'content-type': 'application/json' })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
    }
    expect(await lamports(target)).toBe(2_000_000)
  })

  it('serves clients that are not pages (no Origin header) without CORS headers', async () => {
    const target = new Keypair().publicKey.toBase58()
    const res = await airdrop(target, { 'content-type': 'application/json' })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses WebSocket subscriptions from other sites and accepts the stack’s page', async () => {
    const open = (origin: string) =>
      new Promise<'open' | number>((resolve) => {
        const socket = new WebSocket(rpc.wsUrl, { origin })
        socket.once('open', () => {
          socket.close()
          resolve('open')
        })
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        socket.once('error', () => resolve(-1))
      })
    expect(await open('https://evil.example')).toBe(403)
    expect(await open(DEMO)).toBe('open')
  })

  it('adds origins the stack learns later', async () => {
    const later = 'http://localhost:5555'
    const before = await airdrop(new Keypair().publicKey.toBase58(), { origin: later })
    expect(before.status).toBe(403)
    rpc.allowOrigins([later])
    const after = await airdrop(new Keypair().publicKey.toBase58(), { origin: later })
    expect(after.status).toBe(200)
  })

  it('takes only http(s) origins in its list', () => {
    expect(() => createOriginPolicy(['javascript:alert(1)'])).toThrow(/not an http\(s\) origin/)
    expect(createOriginPolicy([]).allows('https://evil.example')).toBe(false)
  })
})
