/** Shared fixtures of the swaps plugin's tests: a scripted API and wallet around a real swap session. */
import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { Eip1193Provider } from '@portico/shared-types'
import type { BlockchainApiClient, PluginContext } from '@portico/shared-types/plugin'
import { waitFor } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { swapSession } from '../src/session.ts'

export const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
export const NET = 'eip155:31337'
export const NATIVE = `${NET}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`
export const USDC_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const USDC = `${NET}:${USDC_CONTRACT}`
export const PTT = `${NET}:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512`
export const E18 = 10n ** 18n
export const HASH = `0x${'ab'.repeat(32)}`
export const approveData = `0x095ea7b3${'0'.repeat(24)}${ROUTER.slice(2).toLowerCase()}${'f'.repeat(64)}`

export interface WalletOptions {
  /** What wallet_getCapabilities answers; without it the wallet does not know the method (4200). */
  capabilities?: unknown
  /** The wallet_getCallsStatus code of every batch (default 200). */
  batchStatus?: number
}

export function setup({
  ethWei = 10n * E18,
  usdc = '500',
  allowance = '0',
  debounceMs = 0,
  capabilities,
  batchStatus = 200,
}: { ethWei?: bigint; usdc?: string; allowance?: string; debounceMs?: number } & WalletOptions = {}) {
  let currentAllowance = allowance
  const api = {
    whenReady: vi.fn(async () => {}),
    convertTokens: vi.fn(async () => ({
      tokens: [
        { name: 'Ether', symbol: 'ETH', address: NATIVE, decimals: 18, logoUri: '' },
        { name: 'Test USD Coin', symbol: 'USDC', address: USDC, decimals: 6, logoUri: '' },
        { name: 'Portico Test Token', symbol: 'PTT', address: PTT, decimals: 18, logoUri: '' },
        {
          name: 'Evil',
          symbol: 'E'.repeat(500),
          address: `${NET}:0x${'9'.repeat(40)}`,
          decimals: 6,
          logoUri: '',
        },
      ],
    })),
    fetchPrices: vi.fn(async () => ({
      fungibles: [
        { name: 'Ether', symbol: 'ETH', iconUrl: '', price: 3000, address: NATIVE.toLowerCase() },
        { name: 'USDC', symbol: 'USDC', iconUrl: '', price: 1, address: USDC.toLowerCase() },
      ],
    })),
    fetchBalances: vi.fn(async () => [
      {
        name: 'Test USD Coin',
        symbol: 'USDC',
        chainId: NET,
        address: USDC,
        price: 1,
        quantity: { decimals: '6', numeric: usdc },
        iconUrl: '',
      },
    ]),
    fetchGasPrice: vi.fn(async () => ({ standard: '1000000000', fast: '1', instant: '1' })),
    convertQuotes: vi.fn(async (params: { amount: string; from: string }) => ({
      quotes: [
        {
          toAmount:
            params.from === NATIVE ? '2961034512' : (BigInt(params.amount) * 8n * 10n ** 11n).toString(),
        },
      ],
    })),
    convertAllowance: vi.fn(async (params: { tokenAddress: string }) => ({
      allowance: params.tokenAddress === NATIVE ? (2n ** 256n - 1n).toString() : currentAllowance,
    })),
    convertBuildTransaction: vi.fn(async (params: { amount: string; from: string }) => ({
      tx: {
        from: `${NET}:${USER}`,
        to: `${NET}:${ROUTER}`,
        data: '0x7ff36ab5',
        value: params.from === NATIVE ? params.amount : '0',
        eip155: { gas: '200000', gasPrice: '1000000000' },
      },
    })),
    convertBuildApprove: vi.fn(async () => ({
      tx: { from: `${NET}:${USER}`, to: USDC, data: approveData, value: '0', eip155: { gasPrice: '1' } },
    })),
  }
  const sent: Record<string, string>[] = []
  /** wallet_sendCalls requests, as the wallet got them. */
  const batches: Record<string, unknown>[] = []
  let receiptStatus = '0x1'
  let reject: Error | undefined
  const provider: Eip1193Provider = {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
      if (method === 'eth_getBalance') return `0x${ethWei.toString(16)}`
      if (method === 'eth_sendTransaction') {
        if (reject) throw reject
        const tx = (params as Record<string, string>[])[0] as Record<string, string>
        sent.push(tx)
        if (tx.data?.startsWith('0x095ea7b3')) currentAllowance = (2n ** 256n - 1n).toString()
        return HASH
      }
      if (method === 'eth_getTransactionReceipt') return { status: receiptStatus }
      if (method === 'wallet_getCapabilities') {
        if (capabilities === undefined) throw Object.assign(new Error('unsupported'), { code: 4200 })
        return capabilities
      }
      if (method === 'wallet_sendCalls') {
        if (reject) throw reject
        batches.push((params as Record<string, unknown>[])[0] as Record<string, unknown>)
        return { id: `batch-${batches.length}` }
      }
      if (method === 'wallet_getCallsStatus')
        return {
          status: batchStatus,
          receipts: [{ status: batchStatus === 200 ? '0x1' : '0x0', transactionHash: HASH }],
        }
      throw new Error(`unexpected ${method}`)
    }),
  } as unknown as Eip1193Provider
  const { ctx } = fakeContext(connectedState(USER, { balance: '10' }), {
    services: { api: api as unknown as BlockchainApiClient },
  })
  ctx.account.provider = vi.fn(() => provider)
  const session = swapSession(ctx, { debounceMs, receiptIntervalMs: 1 })
  return {
    ctx,
    api,
    sent,
    batches,
    session,
    state: () => session.store.get(),
    failReceipts: () => {
      receiptStatus = '0x0'
    },
    rejectWith: (error: Error) => {
      reject = error
    },
  }
}

/** Initialises the session and picks the destination token (a quote starts). */
export async function start(t: ReturnType<typeof setup>, to = USDC) {
  await t.session.controller.initialise()
  t.session.controller.selectToken('to', to)
}

/** `start`, then waits for the quote to end in a transaction or an input error. */
export async function ready(t: ReturnType<typeof setup>, to = USDC) {
  await start(t, to)
  await waitFor(() =>
    expect(t.state().swapTransaction ?? t.state().approvalTransaction ?? t.state().inputError).toBeDefined(),
  )
}

export const emitted = (ctx: PluginContext, name: string) =>
  vi
    .mocked(ctx.events.emit)
    .mock.calls.filter(([type]) => type === name)
    .map(([, payload]) => payload)

/** 100 USDC → PTT with the allowance short: waits until the approval transaction is built. */
export async function approvalPending(t: ReturnType<typeof setup>) {
  await t.session.controller.initialise()
  t.session.controller.selectToken('source', USDC)
  t.session.controller.setSourceAmount('100')
  t.session.controller.selectToken('to', PTT)
  await waitFor(() => expect(t.state().approvalTransaction).toBeDefined())
}
