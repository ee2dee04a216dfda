/**
 * What the embedded wallet signs is what its approval described and simulated, byte for byte
 * (rpc/described.ts, handlers/rpc.ts), on a real anvil behind a node that can be made to lie:
 * - one changed byte between DESCRIBE_REQUEST and APPROVE_REQUEST, or between the approval and the
 *   signing call, is refused (4001) and nothing is sent;
 * - a node whose simulation says "nothing happens" cannot make the approval look safe: the rows say the
 *   simulation disagrees with the calldata, and the transaction, once approved, does what the calldata
 *   (shown all along) said.
 */
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOT_APPROVED, NOT_DESCRIBED } from '../src/handlers/rpc.ts'
import { PREVIEW_TEXT } from '../src/rpc/previewRows.ts'
import type { RequestSummary } from '../src/rpc/summary.ts'
import { errorOf, signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'
import { type LyingNode, nothingHappens, simulatedCallCount, startLyingNode } from './lyingNode.ts'
import { type PreviewChain, startPreviewChain } from './previewChain.ts'

const RECIPIENT = '0x000000000000000000000000000000000000bEEF' as Address

let chain: PreviewChain
let node: LyingNode
let lying = false
let frame: TestFrame

beforeAll(async () => {
  chain = await startPreviewChain()
  node = await startLyingNode({
    upstream: chain.anvil.rpcUrl,
    answer: (request) =>
      lying && request.method === 'eth_simulateV1' ? nothingHappens(simulatedCallCount(request)) : undefined,
  })
  frame = await startTestFrame({ chains: [{ chainId: 31337, rpcUrl: node.url }] })
})
afterAll(async () => {
  await frame?.close()
  await node?.close()
  await chain?.stop()
})

/** A signed-in user with gas money and 100 tokens of its own fresh token. */
async function fundedUser() {
  const device = frame.device()
  await signIn(frame, device, uniqueEmail('preview'))
  const { address } = await device.ok<{ address: Address }>('GET_USER')
  await fetch(chain.anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [address, '0x56bc75e2d63100000'],
    }),
  })
  const token = await chain.deployToken('USD Coin', 'USDC', address, parseUnits('100', 18))
  return { device, address, token }
}

const transferParams = (from: Address, token: Address, amount: bigint) => [
  {
    from,
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, amount] }),
  },
]
/** The same params with the last hex digit of the calldata changed: one byte of difference. */
const oneByteOff = (params: { from: Address; to: Address; data: Hex }[]) =>
  params.map((p) => ({ ...p, data: `${p.data.slice(0, -1)}${p.data.endsWith('0') ? '1' : '0'}` as Hex }))

describe('the request signed is the one described, byte for byte', () => {
  it('one byte changed after DESCRIBE_REQUEST, or after APPROVE_REQUEST, is refused; the described one is sent as described', async () => {
    const { device, address, token } = await fundedUser()
    const params = transferParams(address, token, parseUnits('5', 18))
    const changed = oneByteOff(params)
    const summary = await device.ok<RequestSummary>('DESCRIBE_REQUEST', {
      method: 'eth_sendTransaction',
      params,
    })
    expect(summary.described).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/)

    const approve = (p: unknown, described: unknown) =>
      device.call('APPROVE_REQUEST', { method: 'eth_sendTransaction', params: p, described })
    // Between the description and the approval: another byte, no proof, a forged proof.
    expect(await approve(changed, summary.described)).toMatchObject({
      ok: false,
      error: NOT_DESCRIBED,
      code: 4001,
    })
    expect(await approve(params, undefined)).toMatchObject({ ok: false, error: NOT_DESCRIBED, code: 4001 })
    expect(await approve(params, `${summary.described?.slice(0, -1)}A`)).toMatchObject({
      ok: false,
      code: 4001,
    })

    // Between the approval and the signing call: another byte.
    const approval = await approve(params, summary.described)
    if (!approval.ok) throw new Error(approval.error)
    const secret = (approval.result as { approval: string }).approval
    expect(
      await errorOf(
        device.call('RPC_REQUEST', { method: 'eth_sendTransaction', params: changed, approval: secret }),
      ),
    ).toBe(NOT_APPROVED)
    expect(await chain.balanceOf(token, RECIPIENT)).toBe(0n)

    // The described request itself, once: exactly what the approval showed happens.
    await device.ok('RPC_REQUEST', { method: 'eth_sendTransaction', params, approval: secret })
    expect(await chain.balanceOf(token, RECIPIENT)).toBe(parseUnits('5', 18))
  })

  it('a description is bound to its session, and expires', async () => {
    const alice = await fundedUser()
    const mallory = await fundedUser()
    const params = transferParams(mallory.address, mallory.token, 1n)
    const { described } = await alice.device.ok<RequestSummary>('DESCRIBE_REQUEST', {
      method: 'eth_sendTransaction',
      params,
    })
    expect(
      await errorOf(
        mallory.device.call('APPROVE_REQUEST', { method: 'eth_sendTransaction', params, described }),
      ),
    ).toBe(NOT_DESCRIBED)
    const own = await mallory.device.ok<RequestSummary>('DESCRIBE_REQUEST', {
      method: 'eth_sendTransaction',
      params,
    })
    const realNow = frame.server.services.now
    frame.server.services.now = () => realNow() + 10 * 60_000 + 1
    try {
      expect(
        await errorOf(
          mallory.device.call('APPROVE_REQUEST', {
            method: 'eth_sendTransaction',
            params,
            described: own.described,
          }),
        ),
      ).toBe(NOT_DESCRIBED)
    } finally {
      frame.server.services.now = realNow
    }
  })
})

describe('a node that lies cannot make the approval claim what does not happen', () => {
  it('"no changes" for a real transfer: the approval says the simulation disagrees, and the transfer the calldata states is what happens', async () => {
    const { device, address, token } = await fundedUser()
    const params = transferParams(address, token, parseUnits('7', 18))
    lying = true
    let summary: RequestSummary
    try {
      summary = await device.ok<RequestSummary>('DESCRIBE_REQUEST', { method: 'eth_sendTransaction', params })
    } finally {
      lying = false
    }
    expect(summary.rows.find((r) => r.label === PREVIEW_TEXT.disagreesLabel)).toMatchObject({
      warn: true,
      value: expect.stringContaining(`transfers 7 of contract ${token} to ${RECIPIENT}`),
    })
    expect(summary.rows.find((r) => r.label === 'To')?.value).toBe(RECIPIENT)
    expect(summary.rows.find((r) => r.label === 'Amount')?.value).toBe('7')

    const approval = await device.ok<{ approval: string }>('APPROVE_REQUEST', {
      method: 'eth_sendTransaction',
      params,
      described: summary.described,
    })
    await device.ok('RPC_REQUEST', { method: 'eth_sendTransaction', params, approval: approval.approval })
    expect(await chain.balanceOf(token, RECIPIENT)).toBe(parseUnits('7', 18))
  })

  it('an honest node: the transfer as simulated, its token by contract and marked as on no list; no disagreement', async () => {
    const { device, address, token } = await fundedUser()
    const summary = await device.ok<RequestSummary>('DESCRIBE_REQUEST', {
      method: 'eth_sendTransaction',
      params: transferParams(address, token, parseUnits('2', 18)),
    })
    expect(summary.rows.find((r) => r.label === PREVIEW_TEXT.sendLabel)).toEqual({
      label: PREVIEW_TEXT.sendLabel,
      value: `2 USDC\ncontract ${token}\n${PREVIEW_TEXT.notListed}\nto ${RECIPIENT}`,
      warn: true,
    })
    expect(summary.rows.map((r) => r.label)).not.toContain(PREVIEW_TEXT.disagreesLabel)
  })
})
