import { createHash } from 'node:crypto'
import { Keypair } from '@solana/web3.js'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEV_SEED_LABEL } from './accounts.ts'
import { keypairFromSecret, signEd25519, verifyEd25519 } from './keys.ts'

describe('Solana dev accounts', () => {
  it('are 5 fixed keypairs (the README lists these addresses)', () => {
    expect(SOLANA_DEV_ACCOUNTS.map((a) => a.publicKey)).toEqual([
      '2DyhdMkAzhZsJxL5q5mTmB7yfdHTi2pWftC5ud7Pfhh5',
      'Akm6ePKB9xY5Htmc9vdmpPYqgVzUjSCLrr54UvmFoHM9',
      'DgyK3dvfkHovtmNk3TLbru63nATWLAp6aTWvMw7WSqq8',
      '9dtr4heWv3sXFTkynrSMuqjQ3myVJW79owVSnGtx7dK3',
      '3CcLJxGGLkB2CxALJUZgUhxK48iot22NNPNUBJbM2Bvh',
    ])
  })

  it('come from SHA-256 seeds and load in web3.js from either secret format', () => {
    SOLANA_DEV_ACCOUNTS.forEach((account, i) => {
      const seed = createHash('sha256').update(`${SOLANA_DEV_SEED_LABEL}${i}`).digest()
      expect(Keypair.fromSeed(seed).publicKey.toBase58()).toBe(account.publicKey)
      expect(Keypair.fromSecretKey(Uint8Array.from(account.secretKey)).publicKey.toBase58()).toBe(
        account.publicKey,
      )
      expect(Keypair.fromSecretKey(bs58.decode(account.secretKeyBase58)).publicKey.toBase58()).toBe(
        account.publicKey,
      )
    })
  })
})

describe('keypairFromSecret', () => {
  const web3 = Keypair.generate()

  it('takes 64-byte keys (array, bytes, base58) and 32-byte seeds', () => {
    for (const secret of [
      [...web3.secretKey],
      web3.secretKey,
      bs58.encode(web3.secretKey),
      web3.secretKey.slice(0, 32),
    ]) {
      const keypair = keypairFromSecret(secret)
      expect(keypair.address).toBe(web3.publicKey.toBase58())
      expect(keypair.secretKey).toEqual(web3.secretKey)
    }
  })

  it('refuses wrong lengths and a public half that does not match', () => {
    expect(() => keypairFromSecret(new Uint8Array(31))).toThrow(/64 bytes/)
    const mismatched = Uint8Array.from(web3.secretKey)
    mismatched[40] = (mismatched[40] ?? 0) ^ 1
    expect(() => keypairFromSecret(mismatched)).toThrow(/does not match/)
    expect(() => keypairFromSecret('0OIl')).toThrow(/base58/)
  })

  it('signs with ed25519 as Solana verifies it', () => {
    const keypair = keypairFromSecret(web3.secretKey)
    const message = new TextEncoder().encode('hello portico')
    const signature = signEd25519(keypair.secretKey, message)
    expect(verifyEd25519(signature, message, web3.publicKey.toBytes())).toBe(true)
    expect(
      verifyEd25519(signature, new TextEncoder().encode('hello portico!'), web3.publicKey.toBytes()),
    ).toBe(false)
  })
})
