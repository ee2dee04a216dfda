/**
 * SSRF: the paymasterService URL of wallet_sendCalls comes from the embedding page (hostile), and the
 * frame's backend would fetch it. Only a URL the frame's configuration lists for the app's project and
 * the chain is used; any other is refused with a clear error, and nothing is fetched.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address, Hex, LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FrameError } from '../errors.ts'
import { type Eip155Signer, eip155Request } from '../rpc/eip155.ts'
import type { SendCallsOptions, SmartAccountCall, SmartAccountProvider } from '../smartAccountSeam.ts'
import { SPONSORSHIP_ERRORS, UNSUPPORTED_CAPABILITY } from './sponsorship.ts'

const PAYMASTER: Address = '0x3C36b4866F4391E6F41979a2624dEa0D9857DBB7'
const USDC: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
let server: Server
let base: string
let hits = 0

beforeAll(async () => {
  // Stands for any address the page might aim the backend at (an internal service, a metadata endpoint).
  server = createServer((_req, res) => {
    hits++
    res.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

/** A smart account that records what it was asked to send, and sends nothing. */
function recordingSmartAccount() {
  const sent: { calls: SmartAccountCall[]; options: SendCallsOptions | undefined }[] = []
  const provider: SmartAccountProvider = {
    enabledNetworks: () => [31337],
    address: async () => '0x00000000000000000000000000000000000a11ce',
    isDeployed: async () => true,
    deploy: async () => {},
    async sendCalls(_owner, _chainId, calls, options) {
      sent.push({ calls, options })
      return `0x${'ab'.repeat(32)}` as Hex
    },
  }
  return { provider, sent }
}

const owner: LocalAccount = privateKeyToAccount(generatePrivateKey())
const listedUrl = () => `${base}/v1/paymaster?projectId=portico-dev`
const signerWith = (smart: SmartAccountProvider | undefined): Eip155Signer => ({
  owner,
  chain: { chainId: 31337, rpcUrl: 'http://127.0.0.1:1' },
  address: '0x00000000000000000000000000000000000a11ce',
  ...(smart && { smart }),
  // What handlers/rpc.ts passes: the services of the app's project only.
  paymasterServices: [
    { projectId: 'portico-dev', chainId: 31337, url: listedUrl(), paymaster: PAYMASTER },
    { projectId: 'portico-dev', chainId: 31338, url: `${base}/chain-b`, paymaster: PAYMASTER },
  ],
})
const sendCalls = (signer: Eip155Signer, paymasterService: unknown) =>
  eip155Request(signer, 'wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: '0x7a69',
      calls: [{ to: USDC, data: '0xa9059cbb' }],
      capabilities: { paymasterService },
    },
  ])
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: FrameError) => ({ message: err.message, code: err.code }),
  )

describe('the paymasterService capability of wallet_sendCalls', () => {
  it('uses a listed URL however the app spells it, with the configured paymaster and the app’s context', async () => {
    const { provider, sent } = recordingSmartAccount()
    const spelled = listedUrl().replace('http://', 'HTTP://')
    await sendCalls(signerWith(provider), { url: spelled, context: { policy: 'a' } })
    expect(sent[0]?.options).toEqual({
      paymaster: { url: listedUrl(), paymaster: PAYMASTER, context: { policy: 'a' } },
    })
  })

  it('refuses any URL the configuration does not list for this project and chain, fetching nothing', async () => {
    const { provider, sent } = recordingSmartAccount()
    hits = 0
    const hostile = [
      `${base}/internal/admin`,
      `${listedUrl()}&extra=1`,
      `${base}/chain-b`, // listed, but for chain B
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      `${base.replace('http:', 'https:')}/v1/paymaster?projectId=portico-dev`,
    ]
    for (const url of hostile)
      expect(await refusal(sendCalls(signerWith(provider), { url }))).toEqual({
        message: SPONSORSHIP_ERRORS.notAllowed,
        code: UNSUPPORTED_CAPABILITY,
      })
    // Optional does not make an unlisted URL acceptable.
    expect(
      (await refusal(sendCalls(signerWith(provider), { url: `${base}/x`, optional: true })))?.message,
    ).toBe(SPONSORSHIP_ERRORS.notAllowed)
    // Another project's services are not this app's (handlers pass only its own).
    const otherProject = { ...signerWith(provider), paymasterServices: [] }
    expect((await refusal(sendCalls(otherProject, { url: listedUrl() })))?.message).toBe(
      SPONSORSHIP_ERRORS.notAllowed,
    )
    expect(sent).toEqual([])
    expect(hits).toBe(0)
  })

  it('refuses a malformed capability (no URL, a huge one, a bad context) before anything else', async () => {
    const { provider, sent } = recordingSmartAccount()
    for (const capability of [
      'http://x',
      { url: 42 },
      { url: `${listedUrl()}${'a'.repeat(3000)}` },
      { url: listedUrl(), context: 'x' },
      { url: listedUrl(), context: { pad: 'x'.repeat(5000) } },
    ])
      expect((await refusal(sendCalls(signerWith(provider), capability)))?.message).toBe(
        SPONSORSHIP_ERRORS.malformed,
      )
    expect(
      (
        await refusal(
          eip155Request(signerWith(provider), 'wallet_sendCalls', [
            { calls: [{ to: USDC }], capabilities: [] },
          ]),
        )
      )?.message,
    ).toBe(SPONSORSHIP_ERRORS.malformed)
    expect(sent).toEqual([])
  })

  it('needs the smart account, unless the app marked sponsorship optional', async () => {
    expect(await refusal(sendCalls(signerWith(undefined), { url: listedUrl() }))).toEqual({
      message: SPONSORSHIP_ERRORS.needsSmartAccount,
      code: UNSUPPORTED_CAPABILITY,
    })
    expect(hits).toBe(0)
  })

  it('is announced by wallet_getCapabilities only where the smart account can use a listed service', async () => {
    const { provider } = recordingSmartAccount()
    expect(await eip155Request(signerWith(provider), 'wallet_getCapabilities', [])).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    expect(
      await eip155Request({ ...signerWith(provider), paymasterServices: [] }, 'wallet_getCapabilities', []),
    ).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
    })
    expect(await eip155Request(signerWith(undefined), 'wallet_getCapabilities', [])).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
    })
  })
})
