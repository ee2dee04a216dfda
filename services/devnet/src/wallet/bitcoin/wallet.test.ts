import ecc from '@bitcoinerlab/secp256k1'
import type { WalletAccount } from '@wallet-standard/base'
import { Psbt, payments } from 'bitcoinjs-lib'
import bitcoinMessage from 'bitcoinjs-message'
import { describe, expect, it } from 'vitest'
import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEV_TAPROOT_ACCOUNT } from '../../bitcoin/accounts.ts'
import { BCOIN_REGTEST, BITCOIN_NETWORK_ID } from '../../bitcoin/network.ts'
import { memoryStorage } from '../storage.ts'
import { BITCOIN_REGTEST_CHAIN, createBitcoinDevWallet } from './wallet.ts'

const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))
const payment = BITCOIN_DEV_ACCOUNTS[0] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const other = BITCOIN_DEV_ACCOUNTS[1] as (typeof BITCOIN_DEV_ACCOUNTS)[number]

function wallet(opts: { reject?: string[]; storage?: ReturnType<typeof memoryStorage> } = {}) {
  return createBitcoinDevWallet({
    privateKey: hexBytes(payment.privateKey),
    ordinalsPrivateKey: hexBytes(BITCOIN_DEV_TAPROOT_ACCOUNT.privateKey),
    networkId: BITCOIN_NETWORK_ID,
    storage: opts.storage ?? memoryStorage(),
    shouldReject: (method) => opts.reject?.includes(method) ?? false,
  })
}

/** A PSBT spending one output of `script` (value 1 BTC) to `to`. */
function psbtSpending(script: Uint8Array, to: string): Uint8Array {
  const psbt = new Psbt({ network: BCOIN_REGTEST })
  psbt.addInput({ hash: '11'.repeat(32), index: 0, witnessUtxo: { script, value: 100_000_000n } })
  psbt.addOutput({ address: to, value: 99_990_000n })
  return psbt.toBuffer()
}

describe('Bitcoin dev wallet', () => {
  it('connects with the accounts for the purposes asked, in their order, and remembers it', async () => {
    const storage = memoryStorage()
    const w = wallet({ storage })
    expect(w.accounts).toEqual([])
    const { accounts } = await w.features['bitcoin:connect'].connect({ purposes: ['ordinals', 'payment'] })
    expect(accounts.map((a) => a.address)).toEqual([BITCOIN_DEV_TAPROOT_ACCOUNT.address, payment.address])
    expect(Buffer.from(accounts[1]?.publicKey ?? []).toString('hex')).toBe(payment.publicKey)
    expect(accounts[0]?.publicKey).toHaveLength(32)
    expect(w.chains).toEqual([BITCOIN_REGTEST_CHAIN])
    // A reload (a new wallet on the same storage) still has the authorization.
    expect(wallet({ storage }).accounts.map((a) => a.address)).toEqual([
      payment.address,
      BITCOIN_DEV_TAPROOT_ACCOUNT.address,
    ])
    await w.features['standard:disconnect'].disconnect()
    expect(wallet({ storage }).accounts).toEqual([])
  })

  it('refuses a connect without valid purposes, and a rejected one', async () => {
    await expect(wallet().features['bitcoin:connect'].connect({ purposes: [] })).rejects.toThrow(/purposes/)
    await expect(
      wallet().features['bitcoin:connect'].connect({ purposes: ['bogus' as 'payment'] }),
    ).rejects.toThrow(/purposes/)
    await expect(
      wallet({ reject: ['bitcoin:connect'] }).features['bitcoin:connect'].connect({ purposes: ['payment'] }),
    ).rejects.toMatchObject({ code: 4001 })
  })

  it('signs a message that bitcoinjs-message verifies for the payment address', async () => {
    const w = wallet()
    const [account] = (await w.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts
    const message = new TextEncoder().encode('Portico says hello')
    const [out] = await w.features['bitcoin:signMessage'].signMessage({
      account: account as WalletAccount,
      message,
    })
    expect(out?.signature).toHaveLength(65)
    const signature = Buffer.from(out?.signature ?? [])
    expect(bitcoinMessage.verify('Portico says hello', payment.address, signature)).toBe(true)
    expect(bitcoinMessage.verify('Portico says hullo', payment.address, signature)).toBe(false)
    expect(bitcoinMessage.verify('Portico says hello', other.address, signature)).toBe(false)
  })

  it('refuses to sign before connect or for an account it does not hold', async () => {
    const w = wallet()
    const stranger = {
      address: other.address,
      publicKey: hexBytes(other.publicKey),
      chains: [],
      features: [],
    }
    const message = new Uint8Array([1])
    await expect(
      w.features['bitcoin:signMessage'].signMessage({ account: stranger, message }),
    ).rejects.toMatchObject({ code: 4100 })
    await w.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    await expect(
      w.features['bitcoin:signMessage'].signMessage({ account: stranger, message }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('signs a PSBT input spending its own P2WPKH output; the signature validates', async () => {
    const w = wallet()
    const [account] = (await w.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts
    const script = payments.p2wpkh({ pubkey: hexBytes(payment.publicKey), network: BCOIN_REGTEST }).output
    const [out] = await w.features['bitcoin:signTransaction'].signTransaction({
      psbt: psbtSpending(script as Uint8Array, other.address),
      chain: BITCOIN_REGTEST_CHAIN,
      inputsToSign: [{ account: account as WalletAccount, signingIndexes: [0] }],
    })
    const signed = Psbt.fromBuffer(out?.signedPsbt ?? new Uint8Array(), { network: BCOIN_REGTEST })
    expect(signed.validateSignaturesOfInput(0, (pubkey, hash, sig) => ecc.verify(hash, pubkey, sig))).toBe(
      true,
    )
    signed.finalizeAllInputs()
    expect(signed.extractTransaction().outs[0]?.value).toBe(99_990_000n)
  })

  it('refuses to sign an input that spends another script, a bad index or another chain', async () => {
    const w = wallet()
    const [account] = (await w.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts
    const foreign = payments.p2wpkh({ pubkey: hexBytes(other.publicKey), network: BCOIN_REGTEST }).output
    const psbt = psbtSpending(foreign as Uint8Array, other.address)
    const sign = (signingIndexes: number[], chain = BITCOIN_REGTEST_CHAIN, bytes = psbt) =>
      w.features['bitcoin:signTransaction'].signTransaction({
        psbt: bytes,
        chain: chain as `${string}:${string}`,
        inputsToSign: [{ account: account as WalletAccount, signingIndexes }],
      })
    await expect(sign([0])).rejects.toThrow(/does not spend this account/)
    const own = payments.p2wpkh({ pubkey: hexBytes(payment.publicKey), network: BCOIN_REGTEST }).output
    const good = psbtSpending(own as Uint8Array, other.address)
    await expect(sign([1], BITCOIN_REGTEST_CHAIN, good)).rejects.toThrow(/no input 1/)
    await expect(sign([0], 'bitcoin:mainnet', good)).rejects.toThrow(/not bitcoin:mainnet/)
    await expect(sign([0], BITCOIN_REGTEST_CHAIN, new Uint8Array([1, 2, 3]))).rejects.toThrow()
  })
})
