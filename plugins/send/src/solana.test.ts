// @vitest-environment node
import { Keypair, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { validate } from './send.ts'
import { base58Decode, isSolanaAddress, toBase64, transferTransaction } from './solana.ts'

// @solana/web3.js (a devnet test dependency) reads what the plugin builds by hand.
const from = Keypair.generate()
const to = Keypair.generate().publicKey
const blockhash = Keypair.generate().publicKey.toBase58()

describe('Solana transfer', () => {
  it('decodes base58 like web3.js and checks SPEC §5 addresses', () => {
    expect(base58Decode(to.toBase58())).toEqual(Uint8Array.from(to.toBytes()))
    expect(base58Decode('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
    expect(isSolanaAddress(to.toBase58())).toBe(true)
    expect(isSolanaAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    expect(isSolanaAddress('abc')).toBe(false)
  })

  it('builds a System Program transfer that web3.js parses, signs and verifies', () => {
    const wire = transferTransaction(from.publicKey.toBase58(), to.toBase58(), 1_234_567_890n, blockhash)
    const tx = Transaction.from(Buffer.from(toBase64(wire), 'base64'))
    expect(tx.recentBlockhash).toBe(blockhash)
    expect(tx.feePayer?.toBase58()).toBe(from.publicKey.toBase58())
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
    const tx = Transaction.from(Buffer.from(transferTransaction(self, self, 5n, blockhash)))
    expect(tx.compileMessage().accountKeys.map((key) => key.toBase58())).toEqual([
      self,
      SystemProgram.programId.toBase58(),
    ])
  })

  it('validates a Solana receiver on solana networks', () => {
    const sol = {
      name: 'Solana',
      symbol: 'SOL',
      chainId: 'solana:x',
      price: 0,
      quantity: { decimals: '9', numeric: '2' },
      iconUrl: '',
    }
    expect(validate({ sendTokenAmount: '1.5', receiverAddress: to.toBase58() }, sol, 'solana')).toEqual({})
    expect(validate({ sendTokenAmount: '1', receiverAddress: '0x12' }, sol, 'solana')).toEqual({
      receiver: 'Enter a valid Solana address: 32 to 44 base58 characters',
    })
    expect(
      validate({ sendTokenAmount: '0.0000000001', receiverAddress: to.toBase58() }, sol, 'solana'),
    ).toEqual({
      amount: 'SOL allows at most 9 decimals',
    })
  })
})
