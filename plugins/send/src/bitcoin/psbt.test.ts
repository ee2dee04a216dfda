import { Psbt, payments } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { BITCOIN_DEV_ACCOUNTS } from '../../../../services/devnet/src/bitcoin/accounts.ts'
import { BCOIN_REGTEST } from '../../../../services/devnet/src/bitcoin/network.ts'
import { signPsbtInputs } from '../../../../services/devnet/src/wallet/bitcoin/sign.ts'
import {
  buildPsbt,
  checkedTransaction,
  INSUFFICIENT,
  INVALID_SEND,
  isBitcoinAddress,
  p2wpkhVbytes,
  parseBtc,
  planSend,
  SIGNED_MISMATCH,
  type Utxo,
} from './psbt.ts'

const alice = BITCOIN_DEV_ACCOUNTS[0] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const bob = BITCOIN_DEV_ACCOUNTS[1] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))
const aliceScript = Buffer.from(
  payments.p2wpkh({ address: alice.address, network: BCOIN_REGTEST }).output ?? [],
).toString('hex')
const coin = (n: number, value: number): Utxo => ({
  txid: n.toString(16).padStart(64, '0'),
  vout: n,
  value,
  script: aliceScript,
})
const utxos = [coin(1, 50_000), coin(2, 300_000_000), coin(3, 1_000_000)]

/** What the dev wallet does with bitcoin:signTransaction (signs every input as alice). */
const walletSigns = (psbt: Psbt, indexes = psbt.txInputs.map((_, i) => i)) =>
  Psbt.fromBuffer(
    signPsbtInputs(
      psbt.toBuffer(),
      BCOIN_REGTEST,
      { privateKey: bytes(alice.privateKey), publicKey: bytes(alice.publicKey) },
      indexes,
    ),
    { network: BCOIN_REGTEST },
  )

describe('BTC send as a PSBT', () => {
  it('parses amounts with at most 8 decimals', () => {
    expect(parseBtc('1.5')).toBe(150_000_000n)
    expect(parseBtc('0.00000001')).toBe(1n)
    for (const bad of ['0', '', '1.123456789', '-1', '1e3', 'abc', '0.']) expect(parseBtc(bad)).toBeNull()
  })

  it('validates addresses for the network', () => {
    expect(isBitcoinAddress(bob.address, BCOIN_REGTEST)).toBe(true)
    expect(isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', BCOIN_REGTEST)).toBe(false)
    expect(isBitcoinAddress('0x0000000000000000000000000000000000000000', BCOIN_REGTEST)).toBe(false)
  })

  it('plans largest coins first with change, and the signed transaction pays exactly that', () => {
    const plan = planSend(
      utxos,
      { from: alice.address, to: bob.address, amount: 150_000_000n, feeRate: 2 },
      BCOIN_REGTEST,
    )
    expect(plan.inputs).toEqual([{ txid: coin(2, 0).txid, vout: 2 }])
    expect(plan.fee).toBe(BigInt(p2wpkhVbytes(1, 2) * 2))
    expect(plan.change).toBe(300_000_000n - 150_000_000n - plan.fee)
    const hex = checkedTransaction(walletSigns(buildPsbt(plan, utxos, BCOIN_REGTEST)), plan, BCOIN_REGTEST)
    expect(hex).toMatch(/^02000000/)
  })

  it('refuses an invalid receiver, a dust amount and more than the balance with SPEC messages', () => {
    const send = (to: string, amount: bigint) =>
      planSend(utxos, { from: alice.address, to, amount, feeRate: 2 }, BCOIN_REGTEST)
    expect(() => send('nope', 100_000n)).toThrow(INVALID_SEND)
    expect(() => send(bob.address, 10n)).toThrow(INVALID_SEND)
    expect(() => send(bob.address, 301_050_000n)).toThrow(INSUFFICIENT)
  })

  describe('a wallet that signs something else is not broadcast', () => {
    const plan = planSend(
      utxos,
      { from: alice.address, to: bob.address, amount: 1_000_000n, feeRate: 2 },
      BCOIN_REGTEST,
    )
    const tampered = (edit: (psbt: Psbt) => void) => {
      const psbt = buildPsbt(plan, utxos, BCOIN_REGTEST)
      edit(psbt)
      return walletSigns(psbt)
    }

    it('another receiver or amount (a rebuilt PSBT)', () => {
      const other = { ...plan, to: BITCOIN_DEV_ACCOUNTS[2]?.address ?? '' }
      expect(() =>
        checkedTransaction(walletSigns(buildPsbt(other, utxos, BCOIN_REGTEST)), plan, BCOIN_REGTEST),
      ).toThrow(SIGNED_MISMATCH)
      const more = { ...plan, amount: plan.amount + 1n, change: plan.change - 1n }
      expect(() =>
        checkedTransaction(walletSigns(buildPsbt(more, utxos, BCOIN_REGTEST)), plan, BCOIN_REGTEST),
      ).toThrow(SIGNED_MISMATCH)
    })

    it('an extra output', () => {
      const signed = tampered((psbt) =>
        psbt.addOutput({ address: BITCOIN_DEV_ACCOUNTS[3]?.address ?? '', value: 1_000n }),
      )
      expect(() => checkedTransaction(signed, plan, BCOIN_REGTEST)).toThrow(SIGNED_MISMATCH)
    })

    it('an extra input (more fee than confirmed)', () => {
      const signed = tampered((psbt) =>
        psbt.addInput({
          hash: coin(3, 0).txid,
          index: 3,
          witnessUtxo: { script: bytes(aliceScript), value: 1_000_000n },
        }),
      )
      expect(() => checkedTransaction(signed, plan, BCOIN_REGTEST)).toThrow(SIGNED_MISMATCH)
    })

    it('an input left unsigned', () => {
      const two = planSend(
        utxos,
        { from: alice.address, to: bob.address, amount: 300_000_000n, feeRate: 2 },
        BCOIN_REGTEST,
      )
      expect(two.inputs).toHaveLength(2)
      const partly = walletSigns(buildPsbt(two, utxos, BCOIN_REGTEST), [0])
      expect(() => checkedTransaction(partly, two, BCOIN_REGTEST)).toThrow(
        'The wallet did not sign every input',
      )
    })
  })
})
