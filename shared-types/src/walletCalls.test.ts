/** The shared way to send calls: batch, sponsored batch, or call after call, and how each ends. */
import { describe, expect, it, vi } from 'vitest'
import type { Eip1193Provider } from './entities.ts'
import { sendCalls, type WalletCall } from './walletCalls.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const approve: WalletCall = { to: TOKEN, data: '0x095ea7b3' }
const swap: WalletCall = { to: ROUTER, data: '0x38ed1739', value: '0x0', gas: '0x30d40' }
const fast = { fastPolls: 3, fastIntervalMs: 1, intervalMs: 1, timeoutMs: 2_000 }
const PAYMASTER = 'https://paymaster.example/v1/portico-dev'

type Answers = Record<string, (params: unknown) => unknown>

function wallet(answers: Answers) {
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    const answer = answers[method]
    if (!answer) throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
    return answer(params)
  })
  return { provider: { request } as unknown as Eip1193Provider, request }
}
const methods = (request: ReturnType<typeof wallet>['request']) =>
  request.mock.calls.map(([call]) => call.method)
const paramsOf = (request: ReturnType<typeof wallet>['request'], method: string) =>
  request.mock.calls.find(([call]) => call.method === method)?.[0].params as unknown[]

describe('sendCalls', () => {
  it('two calls to a wallet that batches atomically: one wallet_sendCalls, atomicRequired, v2.0.0 shape', async () => {
    const { provider, request } = wallet({
      wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }),
      wallet_sendCalls: () => ({ id: 'batch-1' }),
      wallet_getCallsStatus: () => ({
        status: 200,
        receipts: [{ status: '0x1', transactionHash: hash(1) }],
      }),
    })
    const sent = await sendCalls({
      provider,
      network: 'eip155:31337',
      from: FROM,
      calls: [approve, swap],
      timing: fast,
    })
    expect(sent).toMatchObject({ mode: 'batch', atomic: true, sponsored: false, id: 'batch-1' })
    expect(paramsOf(request, 'wallet_getCapabilities')).toEqual([FROM, ['0x7a69']])
    expect(paramsOf(request, 'wallet_sendCalls')).toEqual([
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: FROM,
        calls: [
          { to: TOKEN, data: '0x095ea7b3', value: '0x0' },
          { to: ROUTER, data: '0x38ed1739', value: '0x0' },
        ],
        atomicRequired: true,
      },
    ])
    await expect(sent.outcome).resolves.toEqual({
      status: 'success',
      transactionHashes: [hash(1)],
      statusCode: 200,
    })
    expect(methods(request)).not.toContain('eth_sendTransaction')
  })

  it("'ready' (the wallet can upgrade the account) batches too; the all-chains entry counts", async () => {
    const { provider } = wallet({
      wallet_getCapabilities: () => ({ '0x0': { atomic: { status: 'ready' } } }),
      wallet_sendCalls: () => 'legacy-id',
      wallet_getCallsStatus: () => ({
        status: 'CONFIRMED',
        receipts: [{ status: '0x1', transactionHash: hash(2) }],
      }),
    })
    const sent = await sendCalls({
      provider,
      network: 'eip155:1',
      from: FROM,
      calls: [approve, swap],
      timing: fast,
    })
    expect(sent).toMatchObject({ mode: 'batch', atomic: true, id: 'legacy-id' })
    expect((await sent.outcome).status).toBe('success')
  })

  it('a wallet without wallet_getCapabilities (4200, -32601): call after call, each after the previous receipt', async () => {
    for (const code of [4200, -32601]) {
      let mined = 0
      const sentTransactions: unknown[] = []
      const { provider, request } = wallet({
        wallet_getCapabilities: () => {
          throw Object.assign(new Error('nope'), { code })
        },
        eth_sendTransaction: (params) => {
          sentTransactions.push((params as unknown[])[0])
          return hash(sentTransactions.length)
        },
        // Each receipt shows on the second poll: the next call waits for it.
        eth_getTransactionReceipt: () => (++mined % 2 === 0 ? { status: '0x1' } : null),
      })
      const sent = await sendCalls({
        provider,
        network: 'eip155:31337',
        from: FROM,
        calls: [approve, swap],
        timing: fast,
      })
      expect(sent).toMatchObject({ mode: 'sequential', atomic: false, id: hash(1) })
      expect(sentTransactions).toHaveLength(1)
      await expect(sent.outcome).resolves.toEqual({
        status: 'success',
        transactionHashes: [hash(1), hash(2)],
      })
      expect(sentTransactions).toEqual([
        { from: FROM, to: TOKEN, data: '0x095ea7b3', value: '0x0' },
        { from: FROM, to: ROUTER, data: '0x38ed1739', value: '0x0', gas: '0x30d40' },
      ])
      const order = methods(request).filter((m) => m !== 'wallet_getCapabilities')
      expect(order.indexOf('eth_getTransactionReceipt')).toBeLessThan(
        order.lastIndexOf('eth_sendTransaction'),
      )
    }
  })

  it('atomic unsupported: sequential; a reverted first call stops there (failure, the second never sent)', async () => {
    const { provider, request } = wallet({
      wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'unsupported' } } }),
      eth_sendTransaction: () => hash(9),
      eth_getTransactionReceipt: () => ({ status: '0x0' }),
    })
    const sent = await sendCalls({
      provider,
      network: 'eip155:31337',
      from: FROM,
      calls: [approve, swap],
      timing: fast,
    })
    await expect(sent.outcome).resolves.toEqual({ status: 'failure', transactionHashes: [hash(9)] })
    expect(methods(request).filter((m) => m === 'eth_sendTransaction')).toHaveLength(1)
  })

  it('one call without a paymaster: a plain eth_sendTransaction, the wallet is not asked for capabilities', async () => {
    const { provider, request } = wallet({
      eth_sendTransaction: () => hash(3),
      eth_getTransactionReceipt: () => ({ status: '0x1' }),
    })
    const sent = await sendCalls({
      provider,
      network: 'eip155:31337',
      from: FROM,
      calls: [swap],
      paymasterServices: { 'eip155:1': PAYMASTER },
      timing: fast,
    })
    expect(sent).toMatchObject({ mode: 'sequential', id: hash(3) })
    expect(methods(request)).toEqual(['eth_sendTransaction', 'eth_getTransactionReceipt'])
    await expect(sent.outcome).resolves.toEqual({ status: 'success', transactionHashes: [hash(3)] })
  })

  it('a paymaster for the network and a wallet with paymasterService: wallet_sendCalls with the URL, even for one call', async () => {
    const { provider, request } = wallet({
      wallet_getCapabilities: () => ({
        '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      }),
      wallet_sendCalls: () => ({ id: hash(4) }),
      wallet_getCallsStatus: () => ({ status: 200, receipts: [{ status: '0x1', transactionHash: hash(4) }] }),
    })
    const sent = await sendCalls({
      provider,
      network: 'eip155:31337',
      from: FROM,
      calls: [approve],
      paymasterServices: { 'eip155:31337': PAYMASTER },
      timing: fast,
    })
    expect(sent).toMatchObject({ mode: 'batch', atomic: false, sponsored: true })
    expect(paramsOf(request, 'wallet_sendCalls')).toEqual([
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: FROM,
        calls: [{ to: TOKEN, data: '0x095ea7b3', value: '0x0' }],
        atomicRequired: false,
        capabilities: { paymasterService: { url: PAYMASTER } },
      },
    ])
    expect((await sent.outcome).status).toBe('success')
  })

  it('a paymaster configured but the wallet cannot use one: an ordinary send, no URL goes anywhere', async () => {
    const { provider, request } = wallet({
      wallet_getCapabilities: () => ({ '0x7a69': { paymasterService: { supported: false } } }),
      eth_sendTransaction: () => hash(5),
      eth_getTransactionReceipt: () => ({ status: '0x1' }),
    })
    const sent = await sendCalls({
      provider,
      network: 'eip155:31337',
      from: FROM,
      calls: [approve],
      paymasterServices: { 'eip155:31337': PAYMASTER },
      timing: fast,
    })
    expect(sent).toMatchObject({ mode: 'sequential', sponsored: false })
    expect(JSON.stringify(request.mock.calls)).not.toContain('paymaster.example')
  })

  it('a batch the wallet reports reverted (500) or that never settles ends failure / pending', async () => {
    const reverted = wallet({
      wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }),
      wallet_sendCalls: () => ({ id: 'b' }),
      wallet_getCallsStatus: () => ({ status: 500, receipts: [{ status: '0x0', transactionHash: hash(6) }] }),
    })
    const failed = await sendCalls({
      provider: reverted.provider,
      network: 'eip155:31337',
      from: FROM,
      calls: [approve, swap],
      timing: fast,
    })
    await expect(failed.outcome).resolves.toEqual({
      status: 'failure',
      transactionHashes: [hash(6)],
      statusCode: 500,
    })

    const stuck = wallet({
      wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }),
      wallet_sendCalls: () => ({ id: 'b' }),
      wallet_getCallsStatus: () => ({ status: 100 }),
    })
    const pending = await sendCalls({
      provider: stuck.provider,
      network: 'eip155:31337',
      from: FROM,
      calls: [approve, swap],
      timing: { ...fast, timeoutMs: 30 },
    })
    await expect(pending.outcome).resolves.toEqual({ status: 'pending', transactionHashes: [] })
  })

  it('a wallet rejecting the batch rejects sendCalls with its error; a later call’s rejection rejects the outcome', async () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const { provider } = wallet({
      wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }),
      wallet_sendCalls: () => {
        throw rejected
      },
    })
    await expect(
      sendCalls({ provider, network: 'eip155:31337', from: FROM, calls: [approve, swap] }),
    ).rejects.toBe(rejected)
    let sends = 0
    const second = wallet({
      eth_sendTransaction: () => {
        sends += 1
        if (sends === 2) throw rejected
        return hash(7)
      },
      eth_getTransactionReceipt: () => ({ status: '0x1' }),
    })
    const sent = await sendCalls({
      provider: second.provider,
      network: 'eip155:31337',
      from: FROM,
      calls: [approve, swap],
      timing: fast,
    })
    await expect(sent.outcome).rejects.toBe(rejected)
  })

  it('polls the receipt fast ten times at 300 ms, then every 1 s (behaviour §9 retry interval)', async () => {
    vi.useFakeTimers()
    try {
      const times: number[] = []
      const start = Date.now()
      const { provider } = wallet({
        eth_sendTransaction: () => hash(8),
        eth_getTransactionReceipt: () => {
          times.push(Date.now() - start)
          return times.length === 13 ? { status: '0x1' } : null
        },
      })
      const sent = await sendCalls({ provider, network: 'eip155:31337', from: FROM, calls: [swap] })
      await vi.advanceTimersByTimeAsync(10 * 300 + 3 * 1_000)
      await expect(sent.outcome).resolves.toEqual({ status: 'success', transactionHashes: [hash(8)] })
      const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0))
      expect(gaps).toEqual([...Array(10).fill(300), 1_000, 1_000])
    } finally {
      vi.useRealTimers()
    }
  })
})
