import { parseTransaction, recoverMessageAddress, recoverTransactionAddress, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { recoverAuthorizationAddress } from 'viem/utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEV_ACCOUNTS } from '../accounts.ts'
import { addressOfPrivateKey } from './signer.ts'

const made = vi.fn()
vi.mock('viem/accounts', async (importOriginal) => {
  const original = await importOriginal<typeof import('viem/accounts')>()
  return {
    ...original,
    privateKeyToAccount: (...args: Parameters<typeof original.privateKeyToAccount>) => {
      made()
      return original.privateKeyToAccount(...args)
    },
  }
})
const { lazyPrivateKeyAccount } = await import('./signer.ts')

const typedData = {
  domain: { name: 'Portico', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

describe('addressOfPrivateKey', () => {
  it('is the address viem derives, for the dev accounts and a fresh key', () => {
    const keys = [...DEV_ACCOUNTS.map((account) => account.privateKey), generatePrivateKey()]
    for (const key of keys) expect(addressOfPrivateKey(key)).toBe(privateKeyToAccount(key).address)
  })

  it('refuses keys outside 0 < key < n with a clear error, the lazy signer at creation too', () => {
    const n = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'
    for (const key of [`0x${'00'.repeat(32)}`, `0x${n}`, `0x${'ff'.repeat(32)}`, '0x1234', 'nothex']) {
      expect(() => addressOfPrivateKey(key as `0x${string}`)).toThrow(/not a valid secp256k1 private key/)
      // the lazy signer checks its key at once, though it derives nothing yet
      expect(() => lazyPrivateKeyAccount(key as `0x${string}`)).toThrow(/not a valid secp256k1 private key/)
    }
  })
})

describe('lazyPrivateKeyAccount', () => {
  afterEach(() => made.mockClear())

  it('knows its address without making the viem account, which waits for the first signature', async () => {
    const key = DEV_ACCOUNTS[3]?.privateKey as `0x${string}`
    made.mockClear()
    const account = lazyPrivateKeyAccount(key)
    expect(account.address).toBe(DEV_ACCOUNTS[3]?.address)
    expect(made).not.toHaveBeenCalled()

    const signature = await account.signMessage({ message: 'hi' })
    expect(made).toHaveBeenCalledTimes(1)
    expect(await recoverMessageAddress({ message: 'hi', signature })).toBe(account.address)
    // one account for every later signature
    await account.signMessage({ message: { raw: '0x00ff' } })
    expect(made).toHaveBeenCalledTimes(1)
  })

  it('signs typed data and transactions like the viem account', async () => {
    const key = generatePrivateKey()
    const lazy = lazyPrivateKeyAccount(key)
    const eager = privateKeyToAccount(key)
    const signature = await lazy.signTypedData(typedData)
    expect(signature).toBe(await eager.signTypedData(typedData))
    expect(await verifyTypedData({ ...typedData, address: lazy.address, signature })).toBe(true)
    const tx = {
      chainId: 31337,
      nonce: 0,
      gas: 21_000n,
      to: DEV_ACCOUNTS[1]?.address,
      value: 1n,
      type: 'eip1559',
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
    } as const
    const signed = await lazy.signTransaction(tx)
    expect(signed).toBe(await eager.signTransaction(tx))
    expect(parseTransaction(signed).to?.toLowerCase()).toBe(tx.to?.toLowerCase())
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(lazy.address)
  })

  it('signs EIP-7702 authorizations like the viem account (atomic batches delegate the account)', async () => {
    const key = generatePrivateKey()
    const lazy = lazyPrivateKeyAccount(key)
    const authorization = { address: DEV_ACCOUNTS[1]?.address as `0x${string}`, chainId: 31337, nonce: 1 }
    const signed = await lazy.signAuthorization(authorization)
    expect(signed).toEqual(await privateKeyToAccount(key).signAuthorization(authorization))
    expect(await recoverAuthorizationAddress({ authorization: signed })).toBe(lazy.address)
  })
})
