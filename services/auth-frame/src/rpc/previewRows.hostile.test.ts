/**
 * The wallet frame's transaction preview against a real anvil and against nodes that lie, fail, stall
 * or flood: the decoded calldata stays on screen whatever the node says, a simulation that contradicts
 * it is called out, and anything the node does wrong ends in "Simulation unavailable" within the bound,
 * never in a hang nor in a claim the node made up.
 */
import { DEV_ACCOUNTS } from '@portico/devnet'
import { MAX_SIMULATION_ANSWER_BYTES } from '@portico/shared-types/preview-simulate'
import {
  type Address,
  encodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint256,
  pad,
  parseAbi,
  parseUnits,
  toHex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HANG,
  type LyingNode,
  nothingHappens,
  type RpcRequest,
  simulatedCallCount,
  startLyingNode,
} from '../../test/lyingNode.ts'
import { type PreviewChain, startPreviewChain } from '../../test/previewChain.ts'
import { type DescribeContext, describeRequest, type SummaryRow } from './describe.ts'
import { PREVIEW_TEXT } from './previewRows.ts'
import { MAX_PREVIEW_EFFECTS } from './simulation.ts'

const USER = getAddress(DEV_ACCOUNTS[1]?.address ?? '')
const RECIPIENT = '0x000000000000000000000000000000000000bEEF' as Address
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

let chain: PreviewChain
let usdc: Address
const nodes: LyingNode[] = []

beforeAll(async () => {
  chain = await startPreviewChain()
  // A symbol with a right-to-left override, a zero-width space and a newline: it must read "USDC", on one line.
  usdc = await chain.deployToken('USD Coin', 'U\u202eSD\u200bC\n', USER, parseUnits('100', 18))
})
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.close()))
  await chain?.stop()
})

async function lyingNode(
  answer: (request: RpcRequest) => ReturnType<Parameters<typeof startLyingNode>[0]['answer']>,
) {
  const node = await startLyingNode({ answer, upstream: chain.anvil.rpcUrl })
  nodes.push(node)
  return node
}

const context = (rpcUrl: string, extra: Partial<DescribeContext> = {}): DescribeContext => ({
  site: 'http://localhost:4173',
  network: 'Local (eip155:31337)',
  account: USER,
  chain: { chainId: 31337, rpcUrl },
  nativeSymbol: 'ETH',
  listed: new Set(),
  ...extra,
})
const transfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
const approveAll = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'approve',
  args: [RECIPIENT, maxUint256],
})
const transferAndApprove = () => [
  {
    from: USER,
    calls: [
      { to: usdc, data: transfer(RECIPIENT, parseUnits('5', 18)) },
      { to: usdc, data: approveAll },
    ],
  },
]
const row = (rows: SummaryRow[], label: string) => rows.find((r) => r.label === label)
const labels = (rows: SummaryRow[]) => rows.map((r) => r.label)
const unavailableRow = { label: PREVIEW_TEXT.unavailableLabel, value: PREVIEW_TEXT.unavailable, warn: true }

describe('an honest node (anvil): the simulated effects, tokens by contract', () => {
  it('a transfer and an unlimited approval: what leaves, to whom, and "Unlimited" in words; an unlisted token is marked', async () => {
    const summary = await describeRequest(
      'wallet_sendCalls',
      transferAndApprove(),
      context(chain.anvil.rpcUrl),
    )
    expect(summary.blocked).toBeUndefined()
    expect(row(summary.rows, PREVIEW_TEXT.sendLabel)).toEqual({
      label: PREVIEW_TEXT.sendLabel,
      value: `5 USDC\ncontract ${usdc}\n${PREVIEW_TEXT.notListed}\nto ${RECIPIENT}`,
      warn: true,
    })
    expect(row(summary.rows, PREVIEW_TEXT.approvalLabel)).toEqual({
      label: PREVIEW_TEXT.approvalLabel,
      value: `${PREVIEW_TEXT.unlimited}\nspender ${RECIPIENT}\ncontract ${usdc}\n${PREVIEW_TEXT.notListed}`,
      warn: true,
    })
    expect(labels(summary.rows)).not.toContain(PREVIEW_TEXT.disagreesLabel)
    // No symbol text carries an invisible or reordering character, nor a line of its own.
    expect(JSON.stringify(summary)).not.toMatch(/[\u202e\u200b]/)
  })

  it('a token on the network’s list is not marked', async () => {
    const summary = await describeRequest(
      'eth_sendTransaction',
      [{ from: USER, to: usdc, data: transfer(RECIPIENT, 1n) }],
      context(chain.anvil.rpcUrl, { listed: new Set([usdc.toLowerCase()]) }),
    )
    expect(row(summary.rows, PREVIEW_TEXT.sendLabel)?.value).toBe(
      `0.000000000000000001 USDC\ncontract ${usdc}\nto ${RECIPIENT}`,
    )
    expect(JSON.stringify(summary)).not.toContain(PREVIEW_TEXT.notListed)
  })

  it('a transfer that would revert: the reason, first, and the summary is blocked (Approve never arms)', async () => {
    const summary = await describeRequest(
      'eth_sendTransaction',
      [{ from: USER, to: usdc, data: transfer(RECIPIENT, parseUnits('1000', 18)) }],
      context(chain.anvil.rpcUrl),
    )
    expect(summary.blocked).toBe(true)
    expect(summary.rows[3]).toEqual({
      label: PREVIEW_TEXT.revertedLabel,
      value: `Reason: ERC20: transfer amount exceeds balance\n${PREVIEW_TEXT.revertedNote}`,
      warn: true,
    })
  })
})

describe('a node that lies about the effects', () => {
  it('"no changes" for a USDC transfer and an unlimited approval: the decoded calls stay, with the contradiction first', async () => {
    const simulated: RpcRequest[] = []
    const node = await lyingNode((request) => {
      if (request.method !== 'eth_simulateV1') return undefined
      simulated.push(request)
      return nothingHappens(simulatedCallCount(request))
    })
    const summary = await describeRequest('wallet_sendCalls', transferAndApprove(), context(node.url))
    expect(summary.blocked).toBeUndefined()
    // Right after site, network and account: the first thing read, and never cut from the list.
    expect(summary.rows[3]).toEqual({
      label: PREVIEW_TEXT.disagreesLabel,
      value: [
        `Call 1 transfers 5 of contract ${usdc} to ${RECIPIENT}: the simulation does not show it.`,
        `Call 2 approves ${RECIPIENT} to take an unlimited amount of contract ${usdc}: the simulation does not show it.`,
        PREVIEW_TEXT.disagreesNote,
      ].join('\n'),
      warn: true,
    })
    // The calldata's own rows, from no node at all.
    expect(row(summary.rows, 'Call 1 · To')?.value).toBe(RECIPIENT)
    expect(row(summary.rows, 'Call 1 · Amount')?.value).toBe('5')
    expect(row(summary.rows, 'Call 2 · Approve spender')?.value).toBe(RECIPIENT)
    expect(row(summary.rows, 'Call 2 · Allowance')).toMatchObject({
      warn: true,
      value: expect.stringContaining('Unlimited'),
    })
    // What the node said is shown as the node's, never as "safe".
    expect(row(summary.rows, PREVIEW_TEXT.noChangeLabel)?.value).toBe(PREVIEW_TEXT.noChange)
    // Simulated from the account, with exactly the calls of the params.
    const calls = (simulated[0]?.params[0] as { blockStateCalls: { calls: unknown[] }[] }).blockStateCalls[0]
      ?.calls
    expect(calls).toEqual([
      { from: USER, to: usdc, value: '0x0', data: transfer(RECIPIENT, parseUnits('5', 18)) },
      { from: USER, to: usdc, value: '0x0', data: approveAll },
    ])
  })

  it('a native send the node says did not happen is called out too', async () => {
    const node = await lyingNode((request) =>
      request.method === 'eth_simulateV1' ? nothingHappens(simulatedCallCount(request)) : undefined,
    )
    const summary = await describeRequest(
      'eth_sendTransaction',
      [{ from: USER, to: RECIPIENT, value: toHex(parseUnits('4', 18)) }],
      context(node.url),
    )
    expect(row(summary.rows, PREVIEW_TEXT.disagreesLabel)?.value).toContain(
      `Call 1 sends 4 ETH to ${RECIPIENT}: the simulation does not show it.`,
    )
  })

  it('a revert reason with bidi and zero-width characters is cleaned, and stays one line', async () => {
    const reason = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['No\u202e funds\u200b\nApprove is safe'],
    })
    const node = await lyingNode((request) =>
      request.method === 'eth_simulateV1'
        ? { result: [{ calls: [{ status: '0x0', gasUsed: '0x5208', returnData: reason, logs: [] }] }] }
        : undefined,
    )
    const summary = await describeRequest(
      'eth_sendTransaction',
      [{ from: USER, to: usdc, data: transfer(RECIPIENT, 1n) }],
      context(node.url),
    )
    expect(summary.blocked).toBe(true)
    expect(row(summary.rows, PREVIEW_TEXT.revertedLabel)?.value).toBe(
      `Reason: No funds Approve is safe\n${PREVIEW_TEXT.revertedNote}`,
    )
  })
})

describe('a node that fails, floods or stalls: "Simulation unavailable", and the user still decides', () => {
  const tx = () => [{ from: USER, to: usdc, data: transfer(RECIPIENT, 1n) }]
  const word = (n: bigint) => pad(toHex(n))
  const incoming = { address: usdc, topics: [TRANSFER_TOPIC, pad(RECIPIENT), pad(USER)], data: word(1n) }
  const cases: [
    string,
    (request: RpcRequest) => ReturnType<Parameters<typeof startLyingNode>[0]['answer']>,
  ][] = [
    ['an answer larger than is read', () => ({ raw: ' '.repeat(MAX_SIMULATION_ANSWER_BYTES + 1) })],
    ['not JSON', () => ({ raw: '<html>node-secret</html>' })],
    ['a result of the wrong shape', () => ({ result: { secret: 'node-secret' } })],
    [
      'a JSON-RPC error',
      () => ({ raw: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { message: 'node-secret' } }) }),
    ],
    ['results for more calls than were sent', () => nothingHappens(2)],
    [
      'more effects than are shown',
      () => ({
        result: [
          {
            calls: [
              {
                status: '0x1',
                gasUsed: '0x1',
                returnData: '0x',
                logs: Array.from({ length: MAX_PREVIEW_EFFECTS + 1 }, () => incoming),
              },
            ],
          },
        ],
      }),
    ],
  ]
  for (const [what, answer] of cases)
    it(`for ${what}`, async () => {
      const node = await lyingNode((request) =>
        request.method === 'eth_simulateV1' ? answer(request) : undefined,
      )
      const summary = await describeRequest('eth_sendTransaction', tx(), context(node.url))
      expect(summary.rows[3]).toEqual(unavailableRow)
      expect(summary.blocked).toBeUndefined()
      expect(JSON.stringify(summary)).not.toContain('node-secret')
      // The decoded call is still there to decide on.
      expect(row(summary.rows, 'To')?.value).toBe(RECIPIENT)
    })

  it('for a node that never answers, within the time bound', async () => {
    const node = await lyingNode((request) => (request.method === 'eth_simulateV1' ? HANG : undefined))
    const started = Date.now()
    const summary = await describeRequest(
      'eth_sendTransaction',
      tx(),
      context(node.url, { simulationTimeoutMs: 300 }),
    )
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(summary.rows[3]).toEqual(unavailableRow)
  })

  it('for calls the signer would not send as they are: the node is not even asked', async () => {
    const node = await lyingNode(() => undefined)
    for (const call of [{ to: usdc, value: '1000' }, { data: '0x' as Hex }, { to: usdc, data: '0xabc' }]) {
      const summary = await describeRequest(
        'eth_sendTransaction',
        [{ from: USER, ...call }],
        context(node.url),
      )
      expect(row(summary.rows, PREVIEW_TEXT.unavailableLabel)).toEqual(unavailableRow)
    }
    expect(node.asked).not.toContain('eth_simulateV1')
  })
})
