import {
  Keypair,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { encodeCompactU16, isUnsigned, parseWireTransaction, serializeWireTransaction } from './wire.ts'

const payer = Keypair.generate()
const other = Keypair.generate()
const blockhash = Keypair.generate().publicKey

const transfer = SystemProgram.transfer({
  fromPubkey: payer.publicKey,
  toPubkey: other.publicKey,
  lamports: 5,
})
const instructions = [
  SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: other.publicKey, lamports: 5 }),
  SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: payer.publicKey, lamports: 1 }),
]

describe('wire format', () => {
  it('reads what web3.js writes: signature slots, signers, blockhash (legacy)', () => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash.toBase58() }).add(
      ...instructions,
    )
    tx.partialSign(payer)
    const parsed = parseWireTransaction(tx.serialize({ requireAllSignatures: false }))
    expect(parsed.summary.version).toBe('legacy')
    expect(parsed.summary.numRequiredSignatures).toBe(2)
    expect(parsed.summary.staticAccountKeys.slice(0, 2).map((k) => Buffer.from(k).toString('hex'))).toEqual(
      [payer, other].map((k) => k.publicKey.toBuffer().toString('hex')),
    )
    expect(Buffer.from(parsed.summary.recentBlockhash)).toEqual(blockhash.toBuffer())
    expect(Buffer.from(parsed.message)).toEqual(tx.serializeMessage())
    expect(isUnsigned(parsed.signatures[0] as Uint8Array)).toBe(false)
    expect(isUnsigned(parsed.signatures[1] as Uint8Array)).toBe(true)
  })

  it('reads v0 messages and writes back the same bytes', () => {
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash.toBase58(),
      instructions,
    }).compileToV0Message()
    const tx = new VersionedTransaction(message)
    tx.sign([payer, other])
    const wire = tx.serialize()
    const parsed = parseWireTransaction(wire)
    expect(parsed.summary.version).toBe(0)
    expect(Buffer.from(parsed.message)).toEqual(Buffer.from(message.serialize()))
    expect(serializeWireTransaction(parsed.signatures, parsed.message)).toEqual(wire)
  })

  it('refuses truncated bytes and mismatched signature counts', () => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash.toBase58() }).add(
      transfer,
    )
    tx.sign(payer)
    const wire = tx.serialize()
    expect(() => parseWireTransaction(wire.subarray(0, 80))).toThrow(/end too early/)
    const twoSlots = serializeWireTransaction([new Uint8Array(64), new Uint8Array(64)], wire.subarray(65))
    expect(() => parseWireTransaction(twoSlots)).toThrow(/2 signature slots, its message needs 1/)
  })

  it('encodes compact-u16 like Solana', () => {
    expect(encodeCompactU16(0)).toEqual([0])
    expect(encodeCompactU16(0x7f)).toEqual([0x7f])
    expect(encodeCompactU16(0x80)).toEqual([0x80, 0x01])
    expect(encodeCompactU16(0x3fff)).toEqual([0xff, 0x7f])
    expect(encodeCompactU16(0x4000)).toEqual([0x80, 0x80, 0x01])
  })
})
