// @vitest-environment node
import { Keypair, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/api/testServer.ts'
import { solanaHelpers } from './solana.ts'

// @solana/web3.js (a test dependency of the devnet) reads what the helper builds with @solana/kit.
const from = Keypair.generate()
const to = Keypair.generate().publicKey
const blockhash = Keypair.generate().publicKey.toBase58()
const parse = (wire: string) => Transaction.from(Buffer.from(wire, 'base64'))

describe('solana helpers: addresses and the SOL transfer', () => {
  it('checks behaviour §5 addresses: 32 to 44 base58 characters decoding to 32 bytes', () => {
    expect(solanaHelpers.isAddress(to.toBase58())).toBe(true)
    expect(solanaHelpers.isAddress(` ${to.toBase58()} `)).toBe(true)
    expect(solanaHelpers.isAddress('11111111111111111111111111111111')).toBe(true)
    expect(solanaHelpers.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    expect(solanaHelpers.isAddress('abc')).toBe(false)
    // Base58 but not a 32-byte key.
    expect(solanaHelpers.isAddress('1'.repeat(44))).toBe(false)
    expect(solanaHelpers.isAddress(`${to.toBase58().slice(0, -1)}0`)).toBe(false)
  })

  it('builds a System Program transfer that web3.js parses, signs and verifies', () => {
    const wire = solanaHelpers.transferTransaction({
      from: from.publicKey.toBase58(),
      to: to.toBase58(),
      lamports: 1_234_567_890n,
      blockhash,
    })
    const tx = parse(wire)
    expect(tx.recentBlockhash).toBe(blockhash)
    expect(tx.feePayer?.toBase58()).toBe(from.publicKey.toBase58())
    expect(tx.instructions).toHaveLength(1)
    const [instruction] = tx.instructions
    if (!instruction) throw new Error('no instruction')
    expect(instruction.programId.equals(SystemProgram.programId)).toBe(true)
    expect(SystemInstruction.decodeTransfer(instruction)).toEqual({
      fromPubkey: from.publicKey,
      toPubkey: to,
      lamports: 1_234_567_890n,
    })
    tx.sign(from)
    expect(tx.verifySignatures()).toBe(true)
  })

  it('a transfer to oneself lists the account once', () => {
    const self = from.publicKey.toBase58()
    const tx = parse(solanaHelpers.transferTransaction({ from: self, to: self, lamports: 5n, blockhash }))
    expect(tx.compileMessage().accountKeys.map((key) => key.toBase58())).toEqual([
      self,
      SystemProgram.programId.toBase58(),
    ])
  })

  it('refuses bad addresses, a bad blockhash and lamports outside u64', () => {
    const ok = { from: from.publicKey.toBase58(), to: to.toBase58(), lamports: 1n, blockhash }
    expect(() => solanaHelpers.transferTransaction({ ...ok, to: '0x12' })).toThrow('Not a Solana to')
    expect(() => solanaHelpers.transferTransaction({ ...ok, from: '' })).toThrow('Not a Solana from')
    expect(() => solanaHelpers.transferTransaction({ ...ok, blockhash: 'x' })).toThrow(
      'Not a Solana blockhash',
    )
    expect(() => solanaHelpers.transferTransaction({ ...ok, lamports: -1n })).toThrow('lamports')
    expect(() => solanaHelpers.transferTransaction({ ...ok, lamports: 2n ** 64n })).toThrow('lamports')
  })
})

describe('solana helpers: the network node', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())
  beforeEach(() => {
    server.requests.length = 0
  })
  const call = (index: number) => JSON.parse(server.requests[index]?.body ?? '{}')
  const result = (value: unknown) => ({ body: { jsonrpc: '2.0', id: '0', result: value } })

  it('reads the latest blockhash (confirmed) and a balance in lamports', async () => {
    server.on('POST /', result({ context: { slot: 1 }, value: { blockhash, lastValidBlockHeight: 9 } }))
    await expect(solanaHelpers.latestBlockhash(server.url)).resolves.toBe(blockhash)
    expect(call(0)).toMatchObject({ method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] })
    server.on('POST /', result({ context: { slot: 1 }, value: 2_000_000_000 }))
    await expect(solanaHelpers.getBalance(server.url, to.toBase58())).resolves.toBe(2_000_000_000n)
    expect(call(1)).toMatchObject({
      method: 'getBalance',
      params: [to.toBase58(), { commitment: 'confirmed' }],
    })
    await expect(solanaHelpers.getBalance(server.url, 'nope')).rejects.toThrow('Not a Solana address')
  })

  it('reads a signature status as pending, succeeded or failed', async () => {
    const sig = '5'.repeat(88)
    server.on('POST /', result({ context: { slot: 1 }, value: [null] }))
    await expect(solanaHelpers.signatureStatus(server.url, sig)).resolves.toBe('pending')
    expect(call(0)).toMatchObject({
      method: 'getSignatureStatuses',
      params: [[sig], { searchTransactionHistory: true }],
    })
    server.on('POST /', result({ context: { slot: 1 }, value: [{ err: null, slot: 1, confirmations: 0 }] }))
    await expect(solanaHelpers.signatureStatus(server.url, sig)).resolves.toBe('succeeded')
    server.on(
      'POST /',
      result({ context: { slot: 1 }, value: [{ err: { InstructionError: [0, 'x'] }, slot: 1 }] }),
    )
    await expect(solanaHelpers.signatureStatus(server.url, sig)).resolves.toBe('failed')
  })

  it('rejects on a JSON-RPC error', async () => {
    server.on('POST /', {
      body: { jsonrpc: '2.0', id: '0', error: { code: -32000, message: 'node is behind' } },
    })
    await expect(solanaHelpers.latestBlockhash(server.url)).rejects.toThrow()
  })
})
