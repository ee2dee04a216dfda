/** A wallet's capabilities answer is hostile input: only the documented shapes turn anything on. */
import { describe, expect, it, vi } from 'vitest'
import type { Eip1193Provider } from './entities.ts'
import { chainCallsCapabilities, NO_CALLS_CAPABILITIES, readCallsCapabilities } from './walletCapabilities.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const failing = (error: unknown) =>
  ({ request: vi.fn(async () => Promise.reject(error)) }) as unknown as Eip1193Provider
const answering = (answer: unknown) => ({ request: vi.fn(async () => answer) }) as unknown as Eip1193Provider

describe('chainCallsCapabilities', () => {
  it('reads the chain’s own entry over the all-chains one, field by field', () => {
    const answer = {
      '0x0': { atomic: { status: 'ready' }, paymasterService: { supported: true } },
      '0x7a69': { atomic: { status: 'supported' } },
    }
    expect(chainCallsCapabilities(answer, 31337)).toEqual({ atomic: 'supported', paymasterService: true })
    expect(chainCallsCapabilities(answer, 1)).toEqual({ atomic: 'ready', paymasterService: true })
  })

  it('ignores non-objects, unknown statuses, truthy look-alikes and inherited entries', () => {
    for (const answer of [null, 'supported', 42, [], [{ atomic: { status: 'supported' } }]])
      expect(chainCallsCapabilities(answer, 31337)).toEqual(NO_CALLS_CAPABILITIES)
    expect(
      chainCallsCapabilities(
        { '0x7a69': { atomic: { status: 'SUPPORTED' }, paymasterService: { supported: 'true' } } },
        31337,
      ),
    ).toEqual(NO_CALLS_CAPABILITIES)
    expect(
      chainCallsCapabilities({ '0x7a69': { atomic: 'supported', paymasterService: true } }, 31337),
    ).toEqual(NO_CALLS_CAPABILITIES)
    const inherited = Object.create({ '0x7a69': { atomic: { status: 'supported' } } }) as object
    expect(chainCallsCapabilities(inherited, 31337)).toEqual(NO_CALLS_CAPABILITIES)
    const parsed = JSON.parse('{"__proto__": {"0x7a69": {"atomic": {"status": "supported"}}}}') as unknown
    expect(chainCallsCapabilities(parsed, 31337)).toEqual(NO_CALLS_CAPABILITIES)
  })
})

describe('readCallsCapabilities', () => {
  it('a wallet without the method, the v2 params, or failing it any other way has no capabilities', async () => {
    for (const error of [
      { code: 4200, message: 'no' },
      { code: -32601, message: 'no' },
      { code: -32602, message: 'no' },
      { code: 4100, message: 'Unauthorized' },
      new Error('Missing or invalid. request() method: wallet_getCapabilities'),
    ])
      await expect(readCallsCapabilities(failing(error), FROM, 1)).resolves.toEqual(NO_CALLS_CAPABILITIES)
  })

  it('reads a garbage answer as no capabilities', async () => {
    await expect(readCallsCapabilities(answering('x'.repeat(1000)), FROM, 1)).resolves.toEqual(
      NO_CALLS_CAPABILITIES,
    )
  })
})
