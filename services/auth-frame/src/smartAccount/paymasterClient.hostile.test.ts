/**
 * The paymaster service answers the frame's backend: even a configured one may fail, stall, flood, lie
 * about its paymaster or write anything in a refusal. The client reads it bounded, refuses redirects,
 * uses only the configured paymaster, and shows a refusal only as clean, bounded text.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ENTRY_POINT_V08 } from '@portico/devnet'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FrameError } from '../errors.ts'
import {
  erc7677Client,
  MAX_PAYMASTER_ANSWER_BYTES,
  MAX_REFUSAL_CHARS,
  PAYMASTER_CLIENT_ERRORS,
} from './paymasterClient.ts'

const PAYMASTER: Address = '0x3C36b4866F4391E6F41979a2624dEa0D9857DBB7'
const OTHER: Address = '0x000000000000000000000000000000000000bEEF'
const STUB = {
  paymaster: PAYMASTER,
  paymasterData: `0x${'00'.repeat(77)}`,
  paymasterVerificationGasLimit: '0xea60',
  paymasterPostOpGasLimit: '0x0',
  sponsor: { name: 'Test' },
  isFinal: true,
}

/** What the fake service does with the next request. */
type Behaviour = (req: IncomingMessage, res: ServerResponse) => void
let behaviour: Behaviour = () => {}
const requests: { url: string | undefined; body: string }[] = []
let server: Server
let base: string

const answer =
  (payload: unknown, status = 200): Behaviour =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(payload))
  }
const result = (value: unknown) => answer({ jsonrpc: '2.0', id: 1, result: value })

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => {
      requests.push({ url: req.url, body })
      behaviour(req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(resolve))
})

const PARAMS = {
  chainId: 31337,
  entryPointAddress: ENTRY_POINT_V08,
  sender: OTHER,
  nonce: 0n,
  callData: '0x' as const,
  maxFeePerGas: 2n,
  maxPriorityFeePerGas: 1n,
}
const client = (options = {}) =>
  erc7677Client({ url: `${base}/v1/paymaster?projectId=p`, paymaster: PAYMASTER, context: { a: 1 } }, options)
const refusedWith = async (promise: Promise<unknown>, message: string) => {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(error).toBeInstanceOf(FrameError)
  expect((error as FrameError).message).toBe(message)
}

describe('the ERC-7677 client against a hostile paymaster service', () => {
  it('sends the standard request and reads a good answer (control); a stub is never final', async () => {
    behaviour = result(STUB)
    requests.length = 0
    const stub = await client().getPaymasterStubData(PARAMS)
    expect(stub).toEqual({
      paymaster: PAYMASTER,
      paymasterData: STUB.paymasterData,
      paymasterVerificationGasLimit: 60_000n,
      paymasterPostOpGasLimit: 0n,
      isFinal: false,
    })
    const sent = JSON.parse(requests[0]?.body ?? '{}')
    expect(sent).toMatchObject({ jsonrpc: '2.0', method: 'pm_getPaymasterStubData' })
    expect(sent.params).toEqual([
      {
        sender: OTHER,
        nonce: '0x0',
        callData: '0x',
        maxFeePerGas: '0x2',
        maxPriorityFeePerGas: '0x1',
        callGasLimit: '0x0',
        verificationGasLimit: '0x0',
        preVerificationGas: '0x0',
      },
      ENTRY_POINT_V08,
      '0x7a69',
      { a: 1 },
    ])
  })

  it('refuses an answer naming another paymaster than the configured one', async () => {
    behaviour = result({ ...STUB, paymaster: OTHER })
    await refusedWith(client().getPaymasterStubData(PARAMS), PAYMASTER_CLIENT_ERRORS.wrongPaymaster)
    behaviour = result({ paymaster: OTHER, paymasterData: '0x' })
    await refusedWith(client().getPaymasterData(PARAMS), PAYMASTER_CLIENT_ERRORS.wrongPaymaster)
  })

  it('refuses malformed answers: bad data, absurd gas, no result', async () => {
    for (const bad of [
      { ...STUB, paymasterData: 'zz' },
      { ...STUB, paymasterData: `0x${'00'.repeat(4096)}` },
      { ...STUB, paymasterVerificationGasLimit: '0xffffffffff' },
      { ...STUB, paymasterPostOpGasLimit: 12 },
      { ...STUB, paymaster: 'nope' },
    ]) {
      behaviour = result(bad)
      await refusedWith(client().getPaymasterStubData(PARAMS), PAYMASTER_CLIENT_ERRORS.malformed)
    }
    behaviour = answer({ jsonrpc: '2.0', id: 1 })
    await refusedWith(client().getPaymasterData(PARAMS), PAYMASTER_CLIENT_ERRORS.malformed)
  })

  it('shows a refusal as the service wrote it, without control or format characters, bounded', async () => {
    behaviour = answer({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32001, message: 'Daily sponsored gas limit reached' },
    })
    await refusedWith(client().getPaymasterData(PARAMS), 'Daily sponsored gas limit reached')
    behaviour = answer({
      jsonrpc: '2.0',
      id: 1,
      error: { code: 4001, message: `Not\u0000 spon\u202esored\n\n${'x'.repeat(1000)}` },
    })
    const error = await client()
      .getPaymasterData(PARAMS)
      .catch((err: FrameError) => err)
    expect(error).toBeInstanceOf(FrameError)
    expect((error as FrameError).message).toMatch(/^Not sponsored x+$/)
    expect((error as FrameError).message.length).toBeLessThanOrEqual(MAX_REFUSAL_CHARS)
    // The service's code never reaches the app (4001 would read as the user's own rejection).
    expect((error as FrameError).code).toBeUndefined()
    behaviour = answer({ jsonrpc: '2.0', id: 1, error: { message: '\u200b\u0007' } }, 400)
    await refusedWith(client().getPaymasterData(PARAMS), PAYMASTER_CLIENT_ERRORS.refused)
  })

  it('treats a failing, non-JSON, flooding or stalling service as unavailable', async () => {
    behaviour = answer({ statusCode: 500, error: 'Internal Server Error', message: '/etc/secret' }, 500)
    await refusedWith(client().getPaymasterData(PARAMS), PAYMASTER_CLIENT_ERRORS.unavailable)
    behaviour = (_req, res) => res.end('<html>')
    await refusedWith(client().getPaymasterData(PARAMS), PAYMASTER_CLIENT_ERRORS.unavailable)
    behaviour = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"jsonrpc":"2.0","id":1,"result":{"pad":"${'x'.repeat(MAX_PAYMASTER_ANSWER_BYTES)}"}}`)
    }
    await refusedWith(client().getPaymasterData(PARAMS), PAYMASTER_CLIENT_ERRORS.unavailable)
    behaviour = () => {} // never answers
    const started = Date.now()
    await refusedWith(
      client({ timeoutMs: 300 }).getPaymasterData(PARAMS),
      PAYMASTER_CLIENT_ERRORS.unavailable,
    )
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('does not follow a redirect to a URL nobody configured', async () => {
    requests.length = 0
    behaviour = (req, res) => {
      if (req.url?.startsWith('/elsewhere')) return result(STUB)(req, res)
      res.writeHead(307, { location: `${base}/elsewhere` })
      res.end()
    }
    await refusedWith(client().getPaymasterStubData(PARAMS), PAYMASTER_CLIENT_ERRORS.unavailable)
    expect(requests.map((r) => r.url)).toEqual(['/v1/paymaster?projectId=p'])
  })
})
