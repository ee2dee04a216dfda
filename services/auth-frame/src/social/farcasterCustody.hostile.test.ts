/** The IdRegistry read: the right call, and nothing but a well-formed address accepted from the RPC. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeAbiParameters, encodeFunctionData, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPTIMISM_ID_REGISTRY } from './config.ts'
import { custodyFromChain } from './farcasterCustody.ts'

const CUSTODY = '0x8773442740C17C9d0F0B87022c722F9a136206eD'
let server: Server
let rpc: string
let answer: string
let calls: Record<string, unknown>[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      calls.push(JSON.parse(body))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(answer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  rpc = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server?.close(resolve)))

const result = (value: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, result: value })

describe('custodyFromChain', () => {
  it('asks the IdRegistry for custodyOf(fid) and decodes the address', async () => {
    calls = []
    answer = result(encodeAbiParameters([{ type: 'address' }], [CUSTODY]))
    expect(await custodyFromChain(rpc)(20001)).toBe(CUSTODY)
    expect(calls[0]).toMatchObject({
      method: 'eth_call',
      params: [
        {
          to: OPTIMISM_ID_REGISTRY,
          data: encodeFunctionData({
            abi: parseAbi(['function custodyOf(uint256) view returns (address)']),
            args: [20001n],
          }),
        },
        'latest',
      ],
    })
  })

  it.each([
    ['an RPC error', JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x' } })],
    ['a result that is not hex', result('0xzz')],
    ['an empty result (no contract there)', result('0x')],
    ['an answer past the size bound', result(`0x${'00'.repeat(100_000)}`)],
  ])('refuses %s', async (_name, body) => {
    answer = body
    await expect(custodyFromChain(rpc)(1)).rejects.toThrow()
  })

  it('refuses a registry that is not an address at start-up', () => {
    expect(() => custodyFromChain(rpc, 'idregistry.eth')).toThrow(/not an address/)
  })
})
