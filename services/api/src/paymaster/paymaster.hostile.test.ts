/**
 * POST /v1/paymaster (ERC-7677) against hostile callers: whoever holds the URL may send anything, and
 * the sponsor pays for whatever is signed. Only an operation of a sponsored chain, through its EntryPoint,
 * whose every call targets an allowed contract, within the daily budgets, gets a signature; everything
 * else gets a fixed message that carries none of the caller's input.
 */
import { join } from 'node:path'
import { ENTRY_POINT_V08, sponsorshipTypedData } from '@portico/devnet'
import {
  type Address,
  encodeFunctionData,
  type Hex,
  hexToNumber,
  numberToHex,
  parseAbi,
  parseGwei,
  recoverTypedDataAddress,
  slice,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, PROJECT, postJson, tempDir } from '../../test/helpers.ts'
import { type ApiServer, startApi } from '../index.ts'
import type { SponsorPolicy } from './config.ts'
import { INVALID_PARAMS, LIMIT_EXCEEDED, NOT_SPONSORED, PAYMASTER_MESSAGES } from './errors.ts'
import { MAX_PAYMASTER_BODY_BYTES } from './routes.ts'

const PAYMASTER: Address = '0x3C36b4866F4391E6F41979a2624dEa0D9857DBB7'
const USDC: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const OTHER: Address = '0x000000000000000000000000000000000000bEEF'
const FACTORY: Address = '0x12E7A21A6438D0e8ab685d1112a819bC41bF062e'
const SECRET = 'caller-text-/etc/passwd'
const signerKey = generatePrivateKey()
const signer = privateKeyToAccount(signerKey).address

const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])
const transfer = encodeFunctionData({
  abi: parseAbi(['function transfer(address to, uint256 amount)']),
  functionName: 'transfer',
  args: [OTHER, 1_000_000n],
})
const execute = (target: Address) =>
  encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [target, 0n, transfer] })
const executeBatch = (targets: Address[]) =>
  encodeFunctionData({
    abi: accountAbi,
    functionName: 'executeBatch',
    args: [targets.map((target) => ({ target, value: 0n, data: transfer }))],
  })

let senders = 0
/** A sender no other test uses (budgets and rate limits are per sender). */
const newSender = (): Address => numberToHex(0xa11ce00000n + BigInt(++senders), { size: 20 })

/** An RPC user operation; every gas field filled (510k gas at 2 gwei: 0.00102 ETH at most). */
function userOp(fields: Record<string, unknown> = {}) {
  return {
    sender: newSender(),
    nonce: '0x0',
    factory: FACTORY,
    factoryData: '0x5fbfb9cf',
    callData: execute(USDC),
    callGasLimit: numberToHex(100_000),
    verificationGasLimit: numberToHex(300_000),
    preVerificationGas: numberToHex(50_000),
    maxFeePerGas: numberToHex(parseGwei('2')),
    maxPriorityFeePerGas: numberToHex(parseGwei('1')),
    paymasterVerificationGasLimit: numberToHex(60_000),
    paymasterPostOpGasLimit: '0x0',
    signature: '0x',
    ...fields,
  }
}
const OP_COST = 510_000n * parseGwei('2')

const policy = (limits: Partial<SponsorPolicy> = {}): SponsorPolicy => ({
  sponsorName: 'Test sponsor',
  chains: [31337],
  targets: { 31337: [USDC] },
  factories: { 31337: [FACTORY] },
  maxWeiPerSenderPerDay: 10n ** 18n,
  maxWeiPerDay: 10n ** 20n,
  ...limits,
})

let api: ApiServer
let dir: ReturnType<typeof tempDir>
beforeAll(async () => {
  dir = tempDir('portico-paymaster-')
  api = await startApi({
    port: 0,
    // No chain is read: the service signs offline. A closed port, never a devnet's.
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    indexer: { enabled: false },
    projectIds: [PROJECT, 'tight', 'unsponsored'],
    logLevel: 'silent',
    paymaster: {
      signerKey,
      chains: [{ chainId: 31337, paymaster: PAYMASTER, entryPoint: ENTRY_POINT_V08 }],
      policies: {
        [PROJECT]: policy(),
        // Two operations per sender, five for the whole project.
        tight: policy({ maxWeiPerSenderPerDay: 2n * OP_COST + 1n, maxWeiPerDay: 5n * OP_COST + 1n }),
      },
      requestsPerSenderPerMinute: 10,
    },
  })
})
afterAll(async () => {
  await api?.close()
  dir?.remove()
})

type Answer = { id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } }
const rpc = async (method: string, params: unknown[], project = PROJECT): Promise<Answer> => {
  const { status, body } = await postJson<Answer>(`${api.url}/v1/paymaster?projectId=${project}`, {
    jsonrpc: '2.0',
    id: 7,
    method,
    params,
  })
  expect(status).toBe(200)
  return body
}
const stub = (op: object, project?: string, extra: unknown[] = []) =>
  rpc('pm_getPaymasterStubData', [op, ENTRY_POINT_V08, '0x7a69', null, ...extra], project)
const data = (op: object, project?: string) =>
  rpc('pm_getPaymasterData', [op, ENTRY_POINT_V08, '0x7a69', null], project)
const refusal = (answer: Answer) => answer.error

describe('a sponsorable operation', () => {
  it('gets stub data for estimation, then a signature of the sponsor’s signer over exactly it', async () => {
    const op = userOp()
    const first = await stub(op)
    expect(first.id).toBe(7)
    expect(first.result).toMatchObject({
      paymaster: PAYMASTER,
      paymasterVerificationGasLimit: '0xea60',
      paymasterPostOpGasLimit: '0x0',
      sponsor: { name: 'Test sponsor' },
      isFinal: false,
    })
    const answer = await data(op)
    expect(answer.error).toBeUndefined()
    expect(answer.result?.paymaster).toBe(PAYMASTER)
    const paymasterData = answer.result?.paymasterData as Hex
    expect((paymasterData.length - 2) / 2).toBe(6 + 6 + 65)
    const validUntil = hexToNumber(slice(paymasterData, 0, 6))
    const validAfter = hexToNumber(slice(paymasterData, 6, 12))
    expect(validUntil).toBeGreaterThan(Date.now() / 1000 + 500)
    const typed = sponsorshipTypedData(
      {
        ...op,
        sender: op.sender,
        nonce: 0n,
        factory: FACTORY,
        factoryData: '0x5fbfb9cf',
        callData: op.callData,
        callGasLimit: 100_000n,
        verificationGasLimit: 300_000n,
        preVerificationGas: 50_000n,
        maxFeePerGas: parseGwei('2'),
        maxPriorityFeePerGas: parseGwei('1'),
        paymasterVerificationGasLimit: 60_000n,
        paymasterPostOpGasLimit: 0n,
      },
      { chainId: 31337, paymaster: PAYMASTER, validUntil, validAfter },
    )
    expect(await recoverTypedDataAddress({ ...typed, signature: slice(paymasterData, 12) })).toBe(signer)
  })

  it('sponsors a batch whose calls all target allowed contracts, and an account already deployed', async () => {
    const { factory: _f, factoryData: _d, ...deployed } = userOp({ callData: executeBatch([USDC, USDC]) })
    expect((await data(deployed)).result?.paymaster).toBe(PAYMASTER)
  })
})

describe('what the policy refuses', () => {
  it('a call to a contract the app does not sponsor', async () => {
    const op = userOp({ callData: execute(OTHER) })
    for (const answer of [await stub(op), await data(op)])
      expect(refusal(answer)).toEqual({ code: NOT_SPONSORED, message: PAYMASTER_MESSAGES.targetNotSponsored })
  })

  it('a batch hiding one such call among allowed ones', async () => {
    const op = userOp({ callData: executeBatch([USDC, USDC, OTHER, USDC]) })
    expect(refusal(await data(op))).toEqual({
      code: NOT_SPONSORED,
      message: PAYMASTER_MESSAGES.targetNotSponsored,
    })
  })

  it('a call it cannot read (no execute or executeBatch, trailing bytes)', async () => {
    for (const callData of [transfer, `${execute(USDC)}00`, '0x'])
      expect(refusal(await data(userOp({ callData })))).toEqual({
        code: NOT_SPONSORED,
        message: PAYMASTER_MESSAGES.callNotReadable,
      })
  })

  it('an account created by a factory the app does not sponsor', async () => {
    expect(refusal(await data(userOp({ factory: OTHER })))).toEqual({
      code: NOT_SPONSORED,
      message: PAYMASTER_MESSAGES.factoryNotSponsored,
    })
  })

  it('another chain, and a project without a policy', async () => {
    const op = userOp()
    const otherChain = await rpc('pm_getPaymasterData', [op, ENTRY_POINT_V08, '0x7a6a', null])
    expect(refusal(otherChain)).toEqual({
      code: NOT_SPONSORED,
      message: PAYMASTER_MESSAGES.chainNotSponsored,
    })
    expect(refusal(await data(op, 'unsponsored'))).toEqual({
      code: NOT_SPONSORED,
      message: PAYMASTER_MESSAGES.chainNotSponsored,
    })
  })

  it('another EntryPoint, or an operation naming another paymaster', async () => {
    const op = userOp()
    const otherEntryPoint = await rpc('pm_getPaymasterData', [op, OTHER, '0x7a69', null])
    expect(refusal(otherEntryPoint)).toEqual({
      code: INVALID_PARAMS,
      message: PAYMASTER_MESSAGES.wrongEntryPoint,
    })
    expect(refusal(await data(userOp({ paymaster: OTHER })))).toEqual({
      code: INVALID_PARAMS,
      message: PAYMASTER_MESSAGES.wrongPaymaster,
    })
  })

  it('more gas than one operation may ask for', async () => {
    const op = userOp({ callGasLimit: numberToHex(10_000_000) })
    expect(refusal(await data(op))).toEqual({ code: NOT_SPONSORED, message: PAYMASTER_MESSAGES.tooMuchGas })
  })

  it('a sender over its daily budget, then any sender once the project’s is spent; the stub says so too', async () => {
    const first = userOp()
    expect((await data(first, 'tight')).result).toBeDefined()
    expect((await data({ ...first, nonce: '0x1' }, 'tight')).result).toBeDefined()
    const third = { ...first, nonce: '0x2' }
    expect(refusal(await data(third, 'tight'))).toEqual({
      code: NOT_SPONSORED,
      message: PAYMASTER_MESSAGES.dailyLimit,
    })
    expect(refusal(await stub(third, 'tight'))?.message).toBe(PAYMASTER_MESSAGES.dailyLimit)
    // Another sender has a budget of its own, up to the project's five operations.
    const second = userOp()
    expect((await data(second, 'tight')).result).toBeDefined()
    expect((await data({ ...second, nonce: '0x1' }, 'tight')).result).toBeDefined()
    expect((await data(userOp(), 'tight')).result).toBeDefined()
    expect(refusal(await data(userOp(), 'tight'))?.message).toBe(PAYMASTER_MESSAGES.dailyLimit)
    // A refused operation counted nothing: the totals are in the database.
    const day = Math.floor(Date.now() / 86_400_000)
    const spent = await api.repository.sponsoredGasOfDay({
      projectId: 'tight',
      chainId: 31337,
      sender: first.sender.toLowerCase(),
      day,
    })
    expect(spent).toEqual({ sender: (2n * OP_COST) / 10n ** 9n, project: (5n * OP_COST) / 10n ** 9n })
  })

  it('a sender asking too often (beside the API’s per-IP limit)', async () => {
    const op = userOp()
    const answers = []
    for (let i = 0; i < 12; i++) answers.push(await stub(op))
    expect(answers.slice(0, 10).every((answer) => answer.result)).toBe(true)
    expect(refusal(answers[11] as Answer)).toEqual({
      code: LIMIT_EXCEEDED,
      message: PAYMASTER_MESSAGES.tooManyRequests,
    })
    expect((await stub(userOp())).result).toBeDefined()
  })
})

describe('malformed requests', () => {
  it('a malformed user operation gets the fixed invalid-params answer, never its own text', async () => {
    const bad: Record<string, unknown>[] = [
      { sender: SECRET },
      { sender: '0x1234' },
      { nonce: 12 },
      { nonce: `0x${'f'.repeat(65)}` },
      { callData: `${SECRET}` },
      { callData: '0xabc' },
      { callData: `0x${'00'.repeat(16 * 1024 + 1)}` },
      { callGasLimit: `0x1${'0'.repeat(32)}` },
      { maxFeePerGas: '2000000000' },
      { factoryData: undefined },
      { initCode: '0x' },
      { eip7702Auth: {} },
    ]
    for (const fields of bad) {
      const answer = await data(userOp(fields))
      expect(answer.error?.code).toBe(INVALID_PARAMS)
      expect(answer.error?.message).toBe(PAYMASTER_MESSAGES.invalidUserOperation)
      expect(JSON.stringify(answer)).not.toContain(SECRET)
    }
    const [noOp, notArray, decimalChain, bigContext] = await Promise.all([
      rpc('pm_getPaymasterData', [null, ENTRY_POINT_V08, '0x7a69']),
      rpc('pm_getPaymasterData', { 0: userOp() } as never),
      rpc('pm_getPaymasterData', [userOp(), ENTRY_POINT_V08, 31337, null]),
      rpc('pm_getPaymasterData', [userOp(), ENTRY_POINT_V08, '0x7a69', { blob: 'x'.repeat(4096) }]),
    ])
    expect(noOp.error?.message).toBe(PAYMASTER_MESSAGES.invalidUserOperation)
    for (const answer of [notArray, decimalChain, bigContext])
      expect(answer.error).toEqual({ code: INVALID_PARAMS, message: PAYMASTER_MESSAGES.invalidParams })
  })

  it('signs nothing without every gas limit and fee (they are what the signature covers)', async () => {
    const { callGasLimit: _omitted, ...op } = userOp()
    expect(refusal(await data(op))).toEqual({ code: INVALID_PARAMS, message: PAYMASTER_MESSAGES.missingGas })
    // Estimation may come before the gas is known.
    expect((await stub(op)).result).toBeDefined()
  })

  it('answers only single JSON-RPC requests of its two methods', async () => {
    const url = `${api.url}/v1/paymaster?projectId=${PROJECT}`
    const batch = await postJson<Answer>(url, [
      { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [] },
    ])
    expect(batch.body.error?.code).toBe(-32600)
    const other = await rpc('eth_sendUserOperation', [])
    expect(other.error?.code).toBe(-32601)
    const noVersion = await postJson<Answer>(url, { id: 1, method: 'pm_getPaymasterData', params: [] })
    expect(noVersion.body.error?.code).toBe(-32600)
    const longId = await postJson<Answer>(url, { jsonrpc: '2.0', id: SECRET.repeat(20), method: 'x' })
    expect(longId.body.id).toBeNull()
    // A prototype key is refused by the body parser before the service sees it.
    const op = JSON.stringify(userOp()).replace('{', '{"__proto__":{"sender":"0x0"},')
    const proto = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"jsonrpc":"2.0","id":1,"method":"pm_getPaymasterData","params":[${op},"${ENTRY_POINT_V08}","0x7a69",null]}`,
    })
    expect(proto.status).toBe(400)
  })

  it('refuses a body past its bound before reading it all, and an unknown project', async () => {
    const big = await postJson(`${api.url}/v1/paymaster?projectId=${PROJECT}`, {
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterData',
      params: [userOp({ signature: `0x${'00'.repeat(MAX_PAYMASTER_BODY_BYTES)}` })],
    })
    expect(big.status).toBe(413)
    const unknown = await postJson(`${api.url}/v1/paymaster?projectId=${SECRET}`, {})
    expect(unknown.status).toBe(403)
    const none = await postJson(`${api.url}/v1/paymaster`, {})
    expect(none.status).toBe(400)
  })
})
