/** What a hostile wallet may answer about sent calls, and what sendCalls refuses to send. */
import { describe, expect, it, vi } from 'vitest'
import { batchOutcome } from './callsOutcome.ts'
import type { Eip1193Provider } from './entities.ts'
import { MAX_BATCH_CALLS, sendCalls, type WalletCall } from './walletCalls.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HASH = `0x${'ab'.repeat(32)}`

describe('batchOutcome (wallet_getCallsStatus answers)', () => {
  it('a success needs a 2xx status and every receipt successful', () => {
    expect(batchOutcome({ status: 200, receipts: [{ status: '0x1', transactionHash: HASH }] })).toEqual({
      status: 'success',
      transactionHashes: [HASH],
      statusCode: 200,
    })
    // "Confirmed" while a receipt says reverted is not believed to be a success.
    expect(batchOutcome({ status: 200, receipts: [{ status: '0x0', transactionHash: HASH }] })?.status).toBe(
      'failure',
    )
    expect(batchOutcome({ status: 200, receipts: ['junk'] })?.status).toBe('failure')
    expect(batchOutcome({ status: 600, receipts: [] })?.status).toBe('failure')
    expect(batchOutcome({ status: 100 })).toBeUndefined()
  })

  it('refuses answers without a known status', () => {
    for (const answer of [
      null,
      'CONFIRMED',
      {},
      { status: '200' },
      { status: 99 },
      { status: 1e9 },
      { status: 2.5 },
    ])
      expect(() => batchOutcome(answer)).toThrow()
  })

  it('keeps only well-formed hashes, and at most 64 receipts', () => {
    const receipts = [
      ...Array.from({ length: 100 }, () => ({ status: '0x1', transactionHash: HASH })),
      { status: '0x1', transactionHash: '<script>' },
    ]
    const outcome = batchOutcome({ status: 200, receipts })
    expect(outcome?.transactionHashes).toHaveLength(64)
    expect(outcome?.transactionHashes.every((hash) => hash === HASH)).toBe(true)
  })
})

describe('sendCalls refuses before the wallet is asked', () => {
  const provider = { request: vi.fn() } as unknown as Eip1193Provider
  const call: WalletCall = { to: TOKEN, data: '0x095ea7b3' }
  const attempt = (overrides: Record<string, unknown>) =>
    sendCalls({ provider, network: 'eip155:31337', from: FROM, calls: [call], ...overrides })

  it('no calls, too many, a bad callee, data or quantity, a non-eip155 network, a bad sender', async () => {
    await expect(attempt({ calls: [] })).rejects.toThrow()
    await expect(
      attempt({ calls: Array.from({ length: MAX_BATCH_CALLS + 1 }, () => call) }),
    ).rejects.toThrow()
    await expect(attempt({ calls: [{ to: '0x12' }] })).rejects.toThrow()
    await expect(attempt({ calls: [{ to: TOKEN, data: '0x123' }] })).rejects.toThrow()
    await expect(attempt({ calls: [{ to: TOKEN, data: 'abcd' }] })).rejects.toThrow()
    await expect(attempt({ calls: [{ to: TOKEN, value: '12' }] })).rejects.toThrow()
    await expect(attempt({ calls: [{ to: TOKEN, gas: `0x${'f'.repeat(65)}` }] })).rejects.toThrow()
    await expect(attempt({ network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).rejects.toThrow()
    await expect(attempt({ network: 'eip155:0' })).rejects.toThrow()
    await expect(attempt({ from: 'not an address' })).rejects.toThrow()
    expect(provider.request).not.toHaveBeenCalled()
  })

  it('a wallet answering no batch id, or no transaction hash, is an error', async () => {
    const batching = {
      request: vi.fn(async ({ method }: { method: string }) =>
        method === 'wallet_getCapabilities' ? { '0x7a69': { atomic: { status: 'supported' } } } : { id: '' },
      ),
    } as unknown as Eip1193Provider
    await expect(
      sendCalls({ provider: batching, network: 'eip155:31337', from: FROM, calls: [call, call] }),
    ).rejects.toThrow('without a batch id')
    const longId = {
      request: vi.fn(async ({ method }: { method: string }) =>
        method === 'wallet_getCapabilities'
          ? { '0x7a69': { atomic: { status: 'supported' } } }
          : 'x'.repeat(4097),
      ),
    } as unknown as Eip1193Provider
    await expect(
      sendCalls({ provider: longId, network: 'eip155:31337', from: FROM, calls: [call, call] }),
    ).rejects.toThrow('without a batch id')
    const noHash = { request: vi.fn(async () => '0x1234') } as unknown as Eip1193Provider
    await expect(
      sendCalls({ provider: noHash, network: 'eip155:31337', from: FROM, calls: [call] }),
    ).rejects.toThrow('without a hash')
  })
})
