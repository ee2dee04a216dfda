import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { SOLANA_DEV_ACCOUNTS } from './accounts.ts'
import { SOLANA_RPC_METHODS } from './methods.ts'
import { type SolanaRpc, startSolanaRpc } from './server.ts'

type Reply = { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }

/** The wire protocol itself: what any client (not only web3.js) sees. */
describe('Solana JSON-RPC over HTTP', () => {
  let rpc: SolanaRpc
  const alice = Keypair.fromSecretKey(Uint8Array.from(SOLANA_DEV_ACCOUNTS[0]?.secretKey ?? []))
  const bob = SOLANA_DEV_ACCOUNTS[1]?.publicKey ?? ''

  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(rpc.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { res, body: res.status === 204 ? undefined : ((await res.json()) as Reply | Reply[]) }
  }
  const call = async (method: string, params?: unknown): Promise<Reply> =>
    (await post({ jsonrpc: '2.0', id: 7, method, ...(params !== undefined && { params }) })).body as Reply

  const signedTransfer = async (lamports: number) => {
    const blockhash = ((await call('getLatestBlockhash')).result as { value: { blockhash: string } }).value
      .blockhash
    const tx = new Transaction({ feePayer: alice.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: new PublicKey(bob), lamports }),
    )
    tx.sign(alice)
    return tx.serialize()
  }

  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0 })
  })
  afterAll(() => rpc?.stop())

  it('lists the methods it answers', () => {
    expect(SOLANA_RPC_METHODS).toEqual(
      expect.arrayContaining([
        'getBalance',
        'getLatestBlockhash',
        'getRecentBlockhash',
        'sendTransaction',
        'simulateTransaction',
        'getSignatureStatuses',
        'requestAirdrop',
        'getAccountInfo',
        'getMinimumBalanceForRentExemption',
        'getVersion',
        'getSlot',
        'getBlockHeight',
        'getGenesisHash',
        'getFeeForMessage',
        'getHealth',
        'isBlockhashValid',
      ]),
    )
  })

  it('answers -32601 for unknown methods and -32602 for bad params', async () => {
    expect(await call('getProgramAccounts', [bob])).toMatchObject({
      id: 7,
      error: { code: -32601, message: 'Method not found' },
    })
    expect((await call('getBalance', ['not-a-key'])).error?.code).toBe(-32602)
    expect((await call('getBalance', [])).error?.code).toBe(-32602)
    expect((await call('getBalance', { pubkey: bob })).error?.code).toBe(-32602)
    expect((await call('getBalance', [bob, 'confirmed'])).error?.code).toBe(-32602)
    expect((await call('requestAirdrop', [bob, -1])).error?.code).toBe(-32602)
    expect((await call('getSignatureStatuses', [['xyz']])).error?.code).toBe(-32602)
    expect((await call('sendTransaction', ['!!!'])).error).toMatchObject({ code: -32602, message: /base58/ })
    expect((await call('sendTransaction', ['AQID', { encoding: 'base64' }])).error).toMatchObject({
      code: -32602,
      message: /invalid transaction/,
    })
    expect((await call('getAccountInfo', [bob, { encoding: 'base64+zstd' }])).error?.code).toBe(-32602)
  })

  it('answers parse errors, invalid requests, batches and notifications', async () => {
    expect((await post('{"jsonrpc":')).body).toMatchObject({ id: null, error: { code: -32700 } })
    expect((await post({ id: 1, method: 'getSlot' })).body).toMatchObject({ error: { code: -32600 } })
    const batch = (
      await post([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
      ])
    ).body as Reply[]
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ])
    const notification = await post({ jsonrpc: '2.0', method: 'getHealth' })
    expect(notification.res.status).toBe(204)
  })

  it('accepts transactions in base58 (the RPC default) and base64', async () => {
    const wire58 = await signedTransfer(1000)
    const sig58 = (await call('sendTransaction', [bs58.encode(wire58)])).result
    expect(sig58).toBe(bs58.encode(wire58.subarray(1, 65)))
    const wire64 = await signedTransfer(2000)
    const sig64 = (await call('sendTransaction', [wire64.toString('base64'), { encoding: 'base64' }])).result
    expect(typeof sig64).toBe('string')
    const statuses = (await call('getSignatureStatuses', [[sig58, sig64, bs58.encode(new Uint8Array(64))]]))
      .result as { value: unknown[] }
    expect(statuses.value[0]).toMatchObject({
      err: null,
      status: { Ok: null },
      confirmationStatus: 'finalized',
    })
    expect(statuses.value[1]).toMatchObject({ err: null })
    expect(statuses.value[2]).toBeNull()
    expect((await call('sendTransaction', [bs58.encode(wire58)])).error).toMatchObject({
      code: -32002,
      data: { err: 'AlreadyProcessed' },
    })
    expect((await call('sendTransaction', [bs58.encode(wire58), { skipPreflight: true }])).result).toBe(sig58)
  })

  it('refuses requests for a slot it has not reached (-32016)', async () => {
    const slot = (await call('getSlot')).result as number
    expect((await call('getBalance', [bob, { minContextSlot: slot }])).result).toBeDefined()
    expect((await call('getBalance', [bob, { minContextSlot: slot + 10 }])).error?.code).toBe(-32016)
  })

  it('answers fees and account data encodings', async () => {
    const wire = await signedTransfer(1)
    const message = Buffer.from(wire.subarray(65)).toString('base64')
    expect((await call('getFeeForMessage', [message])).result).toMatchObject({ value: 5000 })
    const info = (await call('getAccountInfo', [bob, { encoding: 'base64' }])).result as {
      value: { data: unknown; owner: string }
    }
    expect(info.value).toMatchObject({
      data: ['', 'base64'],
      owner: '11111111111111111111111111111111',
      space: 0,
    })
    expect((await call('getAccountInfo', [bob])).result).toMatchObject({ value: { data: ['', 'base58'] } })
    const many = (
      await call('getMultipleAccounts', [[bob, new Keypair().publicKey.toBase58()], { encoding: 'base64' }])
    ).result as { value: unknown[] }
    expect(many.value[1]).toBeNull()
  })

  it('is open to the pages of allowed origins (CORS) and answers GET /health', async () => {
    rpc.allowOrigins(['http://localhost:3000'])
    const preflight = await fetch(rpc.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client')
    const { res } = await post(
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { origin: 'http://localhost:3000' },
    )
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(await (await fetch(`${rpc.rpcUrl}/health`)).text()).toBe('ok')
  })

  it('notifies signature and slot subscribers over WebSocket', async () => {
    const socket = new WebSocket(rpc.wsUrl)
    const messages: Reply[] = []
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Reply))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    try {
      const wire = await signedTransfer(3000)
      const signature = bs58.encode(wire.subarray(1, 65))
      socket.send(
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: [signature] }),
      )
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'slotSubscribe' }))
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'getBalance', params: [bob] }))
      await expect.poll(() => messages.length).toBe(3)
      expect(messages.find((m) => m.id === 3)?.error?.code).toBe(-32601) // PubSub answers subscriptions only
      await call('sendTransaction', [bs58.encode(wire)])
      await expect
        .poll(() =>
          messages
            .map((m) => (m as { method?: string }).method)
            .filter(Boolean)
            .sort(),
        )
        .toEqual(['signatureNotification', 'slotNotification'])
      const note = messages.find(
        (m) => (m as { method?: string }).method === 'signatureNotification',
      ) as unknown as {
        params: { result: { value: { err: unknown } }; subscription: number }
      }
      expect(note.params.result.value).toEqual({ err: null })
      expect(note.params.subscription).toBe(messages.find((m) => m.id === 1)?.result)
    } finally {
      socket.close()
    }
  })
})
