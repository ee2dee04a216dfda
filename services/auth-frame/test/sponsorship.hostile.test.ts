/**
 * SSRF through the frame's requests: an app may name only the paymaster services its own project is
 * configured with. Another project's URL (listed in the same frame) is refused like any other, before
 * the smart account is asked to send anything.
 */
import type { Address, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SPONSORSHIP_ERRORS } from '../src/smartAccount/sponsorship.ts'
import type { SendCallsOptions, SmartAccountProvider } from '../src/smartAccountSeam.ts'
import { errorOf, PROJECT, signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

const PAYMASTER: Address = '0x3C36b4866F4391E6F41979a2624dEa0D9857DBB7'
const OURS = 'http://127.0.0.1:9/v1/paymaster?projectId=portico-test'
const THEIRS = 'http://127.0.0.1:9/v1/paymaster?projectId=other'
const USDC: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

const sent: (SendCallsOptions | undefined)[] = []
const smartAccounts: SmartAccountProvider = {
  enabledNetworks: () => [31337],
  address: async () => '0x00000000000000000000000000000000000a11ce',
  isDeployed: async () => true,
  deploy: async () => {},
  sendCalls: async (_owner, _chainId, _calls, options) => {
    sent.push(options)
    return `0x${'ab'.repeat(32)}` as Hex
  },
}

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame({
    smartAccounts,
    chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }],
    paymasterServices: [
      { projectId: PROJECT, chainId: 31337, url: OURS, paymaster: PAYMASTER },
      { projectId: 'other', chainId: 31337, url: THEIRS, paymaster: PAYMASTER },
    ],
  })
})
afterAll(() => frame?.close())

const sendCalls = (url: string) => [
  {
    version: '2.0.0',
    chainId: '0x7a69',
    calls: [{ to: USDC, data: '0xa9059cbb' }],
    capabilities: { paymasterService: { url } },
  },
]

describe('the paymaster services an app may name, through the frame', () => {
  it('its own project’s: announced by wallet_getCapabilities and used; another project’s: refused, nothing sent', async () => {
    const device = frame.device()
    await signIn(frame, device, uniqueEmail('sponsored'))
    expect(await device.ok('RPC_REQUEST', { method: 'wallet_getCapabilities', params: [] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    expect(await errorOf(device.approved('wallet_sendCalls', sendCalls(THEIRS)))).toBe(
      SPONSORSHIP_ERRORS.notAllowed,
    )
    expect(sent).toEqual([])
    expect(await device.signed('wallet_sendCalls', sendCalls(OURS))).toEqual({ id: `0x${'ab'.repeat(32)}` })
    expect(sent).toEqual([{ paymaster: { url: OURS, paymaster: PAYMASTER } }])
  })
})
