/** What a hostile page may send as EIP-5792 requests: each is refused before anything is signed. */
import { toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  MAX_BATCH_CALLS,
  MAX_BATCH_ID_LENGTH,
  MAX_CALL_DATA_BYTES,
  MAX_CAPABILITY_CHAINS,
  parseCapabilitiesRequest,
  parseSendCalls,
} from './params.ts'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const wallet = { account: ACCOUNT, chainId: 31337 } as const
const call = { to: TOKEN, data: '0x095ea7b3', value: '0x0' }
const batch = (fields: Record<string, unknown> = {}) => [
  { version: '2.0.0', chainId: toHex(31337), from: ACCOUNT, calls: [call], atomicRequired: true, ...fields },
]
const refusal = (params: unknown) => {
  try {
    parseSendCalls(params, wallet)
  } catch (error) {
    return error as { code: number; message: string }
  }
  throw new Error('expected a refusal')
}

describe('wallet_sendCalls params', () => {
  it('accepts the EIP-5792 v2.0.0 shape, with optional capabilities ignored', () => {
    expect(
      parseSendCalls(
        batch({ capabilities: { paymasterService: { url: 'https://x', optional: true } } }),
        wallet,
      ),
    ).toEqual({ chainId: 31337, atomicRequired: true, calls: [{ to: TOKEN, data: '0x095ea7b3', value: 0n }] })
  })

  it('refuses another version, a missing request, a missing or non-boolean atomicRequired', () => {
    expect(refusal(batch({ version: '1.0' })).code).toBe(-32602)
    expect(refusal([]).code).toBe(-32602)
    expect(refusal('nonsense').code).toBe(-32602)
    expect(refusal(batch({ atomicRequired: undefined })).code).toBe(-32602)
    expect(refusal(batch({ atomicRequired: 'yes' })).code).toBe(-32602)
  })

  it('refuses a chain other than the wallet’s current one (5710) and a malformed chain id', () => {
    expect(refusal(batch({ chainId: toHex(31338) })).code).toBe(5710)
    expect(refusal(batch({ chainId: 31337 })).code).toBe(-32602)
    expect(refusal(batch({ chainId: '0x' })).code).toBe(-32602)
    expect(refusal(batch({ chainId: `0x${'f'.repeat(20)}` })).code).toBe(-32602)
  })

  it('refuses a `from` that is not the wallet’s account (4100)', () => {
    expect(refusal(batch({ from: OTHER })).code).toBe(4100)
    expect(refusal(batch({ from: 42 })).code).toBe(4100)
  })

  it('needs 1 to MAX_BATCH_CALLS calls (5740 past it)', () => {
    expect(refusal(batch({ calls: [] })).code).toBe(-32602)
    expect(refusal(batch({ calls: call })).code).toBe(-32602)
    expect(refusal(batch({ calls: Array.from({ length: MAX_BATCH_CALLS + 1 }, () => call) })).code).toBe(5740)
    expect(
      parseSendCalls(batch({ calls: Array.from({ length: MAX_BATCH_CALLS }, () => call) }), wallet).calls,
    ).toHaveLength(MAX_BATCH_CALLS)
  })

  it('refuses calls without a callee, with non-hex, odd or oversized data, or a bad value', () => {
    expect(refusal(batch({ calls: [{ data: '0x' }] })).code).toBe(-32602)
    expect(refusal(batch({ calls: [{ to: '0x1234' }] })).code).toBe(-32602)
    expect(refusal(batch({ calls: [null] })).code).toBe(-32602)
    expect(refusal(batch({ calls: [{ to: TOKEN, data: 'abcd' }] })).code).toBe(-32602)
    expect(refusal(batch({ calls: [{ to: TOKEN, data: '0x123' }] })).code).toBe(-32602)
    expect(
      refusal(batch({ calls: [{ to: TOKEN, data: `0x${'00'.repeat(MAX_CALL_DATA_BYTES + 1)}` }] })).code,
    ).toBe(-32602)
    expect(refusal(batch({ calls: [{ to: TOKEN, value: '12' }] })).code).toBe(-32602)
    expect(refusal(batch({ calls: [{ to: TOKEN, value: '0x01' }] })).code).toBe(-32602)
    expect(refusal(batch({ calls: [{ to: TOKEN, value: `0x1${'0'.repeat(64)}` }] })).code).toBe(-32602)
  })

  it('refuses a capability it does not support unless the app marked it optional (5700)', () => {
    expect(refusal(batch({ capabilities: { paymasterService: { url: 'https://x' } } })).code).toBe(5700)
    expect(refusal(batch({ capabilities: { unknown: true } })).code).toBe(5700)
    expect(refusal(batch({ calls: [{ ...call, capabilities: { permissions: {} } }] })).code).toBe(5700)
    expect(refusal(batch({ capabilities: [] })).code).toBe(-32602)
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`c${i}`, { optional: true }]))
    expect(refusal(batch({ capabilities: many })).code).toBe(-32602)
  })

  it('bounds an app-given batch id', () => {
    expect(parseSendCalls(batch({ id: 'mine' }), wallet).id).toBe('mine')
    expect(refusal(batch({ id: '' })).code).toBe(-32602)
    expect(refusal(batch({ id: 7 })).code).toBe(-32602)
    expect(refusal(batch({ id: 'x'.repeat(MAX_BATCH_ID_LENGTH + 1) })).code).toBe(-32602)
  })
})

describe('wallet_getCapabilities params', () => {
  const account = () => ACCOUNT as `0x${string}`
  it('answers for the wallet’s account only (4100), for a bounded list of hex chain ids', () => {
    expect(parseCapabilitiesRequest([], account)).toBeUndefined()
    expect(parseCapabilitiesRequest([ACCOUNT.toLowerCase(), ['0x7a69']], account)).toEqual([31337])
    expect(() => parseCapabilitiesRequest([OTHER], account)).toThrow(expect.objectContaining({ code: 4100 }))
    expect(() => parseCapabilitiesRequest([ACCOUNT, '0x7a69'], account)).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    expect(() => parseCapabilitiesRequest([ACCOUNT, [31337]], account)).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
    const many = Array.from({ length: MAX_CAPABILITY_CHAINS + 1 }, (_, i) => toHex(i + 1))
    expect(() => parseCapabilitiesRequest([ACCOUNT, many], account)).toThrow(
      expect.objectContaining({ code: -32602 }),
    )
  })
})
