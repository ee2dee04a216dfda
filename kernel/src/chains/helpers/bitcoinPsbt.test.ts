import type { BitcoinUtxo } from '@portico/shared-types/plugin'
import { Psbt, payments } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { BITCOIN_DEV_ACCOUNTS } from '../../../../services/devnet/src/bitcoin/accounts.ts'
import { BCOIN_REGTEST } from '../../../../services/devnet/src/bitcoin/network.ts'
import { signPsbtInputs } from '../../../../services/devnet/src/wallet/bitcoin/sign.ts'
import { isAddress } from './bitcoinAddress.ts'
import { buildPsbt, checkedTransaction, MAX_PSBT_LENGTH, p2wpkhVbytes, planSend } from './bitcoinPsbt.ts'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const alice = BITCOIN_DEV_ACCOUNTS[0] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const bob = BITCOIN_DEV_ACCOUNTS[1] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))
const aliceScript = Buffer.from(
  payments.p2wpkh({ address: alice.address, network: BCOIN_REGTEST }).output ?? [],
).toString('hex')
const coin = (n: number, value: number): BitcoinUtxo => ({
  txid: n.toString(16).padStart(64, '0'),
  vout: n,
  value,
  script: aliceScript,
})
const utxos = [coin(1, 50_000), coin(2, 300_000_000), coin(3, 1_000_000)]

/** What the dev wallet does with bitcoin:signTransaction (signs every input as alice). */
const walletSigns = (psbt: Psbt, indexes = psbt.txInputs.map((_, i) => i)) =>
  Buffer.from(
    signPsbtInputs(
      psbt.toBuffer(),
      BCOIN_REGTEST,
      { privateKey: bytes(alice.privateKey), publicKey: bytes(alice.publicKey) },
      indexes,
    ),
  ).toString('base64')
const unsigned = (built: { psbt: string }) => Psbt.fromBase64(built.psbt, { network: BCOIN_REGTEST })

/** The code of the BitcoinPsbtError `run` throws. */
function codeOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    expect((error as Error).name).toBe('BitcoinPsbtError')
    return (error as { code?: string }).code
  }
  return undefined
}

describe('BTC send as a PSBT', () => {
  it('validates addresses for the network', () => {
    expect(isAddress(bob.address, REGTEST)).toBe(true)
    expect(isAddress(` ${bob.address} `, REGTEST)).toBe(true)
    expect(isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', REGTEST)).toBe(false)
    expect(isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', MAINNET)).toBe(true)
    expect(isAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', MAINNET)).toBe(true)
    expect(isAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', REGTEST)).toBe(false)
    expect(isAddress('0x0000000000000000000000000000000000000000', REGTEST)).toBe(false)
    expect(isAddress(bob.address, 'bip122:unknown')).toBe(false)
    expect(isAddress(bob.address, '__proto__')).toBe(false)
  })

  it('plans largest coins first with change, and the signed transaction pays exactly that', () => {
    const plan = planSend(
      utxos,
      { from: alice.address, to: bob.address, amount: 150_000_000n, feeRate: 2 },
      REGTEST,
    )
    expect(plan.inputs).toEqual([{ txid: coin(2, 0).txid, vout: 2 }])
    expect(plan.fee).toBe(BigInt(p2wpkhVbytes(1, 2) * 2))
    expect(plan.change).toBe(300_000_000n - 150_000_000n - plan.fee)
    const built = buildPsbt(plan, utxos, REGTEST)
    expect(built.signingIndexes).toEqual([0])
    const hex = checkedTransaction(walletSigns(unsigned(built)), plan, REGTEST)
    expect(hex).toMatch(/^02000000/)
  })

  it('leaves change below dust to the fee', () => {
    const fee = BigInt(p2wpkhVbytes(1, 2) * 2)
    const plan = planSend(
      [coin(1, 50_000)],
      { from: alice.address, to: bob.address, amount: 50_000n - fee - 100n, feeRate: 2 },
      REGTEST,
    )
    expect(plan.change).toBe(0n)
    expect(plan.fee).toBe(fee + 100n)
    const built = buildPsbt(plan, [coin(1, 50_000)], REGTEST)
    expect(unsigned(built).txOutputs).toHaveLength(1)
  })

  it('refuses an invalid receiver, a dust amount, more than the balance and a bad fee rate', () => {
    const send = (to: string, amount: bigint, feeRate = 2) =>
      planSend(utxos, { from: alice.address, to, amount, feeRate }, REGTEST)
    expect(codeOf(() => send('nope', 100_000n))).toBe('invalidSend')
    expect(codeOf(() => send(bob.address, 10n))).toBe('invalidSend')
    expect(codeOf(() => send(bob.address, 301_050_000n))).toBe('insufficient')
    expect(codeOf(() => send(bob.address, 100_000n, Number.NaN))).toBe('badInput')
    expect(codeOf(() => send(bob.address, 100_000n, 0))).toBe('badInput')
    expect(
      codeOf(() =>
        planSend(utxos, { from: alice.address, to: bob.address, amount: 1n, feeRate: 2 }, MAINNET),
      ),
    ).toBe('invalidSend')
  })

  it('ignores malformed coins from the API', () => {
    const bad = [
      { ...coin(9, 900_000_000), txid: 'zz' },
      { ...coin(8, 900_000_000), value: -1 },
      coin(2, 300_000_000),
    ]
    const plan = planSend(
      bad,
      { from: alice.address, to: bob.address, amount: 1_000_000n, feeRate: 2 },
      REGTEST,
    )
    expect(plan.inputs).toEqual([{ txid: coin(2, 0).txid, vout: 2 }])
  })

  describe('a wallet that signs something else is not broadcast', () => {
    const plan = planSend(
      utxos,
      { from: alice.address, to: bob.address, amount: 1_000_000n, feeRate: 2 },
      REGTEST,
    )
    const tampered = (edit: (psbt: Psbt) => void) => {
      const psbt = unsigned(buildPsbt(plan, utxos, REGTEST))
      edit(psbt)
      return walletSigns(psbt)
    }

    it('another receiver or amount (a rebuilt PSBT)', () => {
      const other = { ...plan, to: BITCOIN_DEV_ACCOUNTS[2]?.address ?? '' }
      expect(
        codeOf(() =>
          checkedTransaction(walletSigns(unsigned(buildPsbt(other, utxos, REGTEST))), plan, REGTEST),
        ),
      ).toBe('signedMismatch')
      const more = { ...plan, amount: plan.amount + 1n, change: plan.change - 1n }
      expect(
        codeOf(() =>
          checkedTransaction(walletSigns(unsigned(buildPsbt(more, utxos, REGTEST))), plan, REGTEST),
        ),
      ).toBe('signedMismatch')
    })

    it('an extra output', () => {
      const signed = tampered((psbt) =>
        psbt.addOutput({ address: BITCOIN_DEV_ACCOUNTS[3]?.address ?? '', value: 1_000n }),
      )
      expect(codeOf(() => checkedTransaction(signed, plan, REGTEST))).toBe('signedMismatch')
    })

    it('an extra input (more fee than confirmed)', () => {
      const signed = tampered((psbt) =>
        psbt.addInput({
          hash: coin(3, 0).txid,
          index: 3,
          witnessUtxo: { script: bytes(aliceScript), value: 1_000_000n },
        }),
      )
      expect(codeOf(() => checkedTransaction(signed, plan, REGTEST))).toBe('signedMismatch')
    })

    it('another fee than planned (same coins and outputs)', () => {
      const signed = walletSigns(unsigned(buildPsbt(plan, utxos, REGTEST)))
      expect(codeOf(() => checkedTransaction(signed, { ...plan, fee: plan.fee - 1n }, REGTEST))).toBe(
        'signedMismatch',
      )
    })

    it('an input left unsigned', () => {
      const two = planSend(
        utxos,
        { from: alice.address, to: bob.address, amount: 300_000_000n, feeRate: 2 },
        REGTEST,
      )
      expect(two.inputs).toHaveLength(2)
      const partly = walletSigns(unsigned(buildPsbt(two, utxos, REGTEST)), [0])
      expect(codeOf(() => checkedTransaction(partly, two, REGTEST))).toBe('unsigned')
    })

    it('an oversized answer, even a well-formed one, is not parsed', () => {
      const psbt = unsigned(buildPsbt(plan, utxos, REGTEST))
      psbt.addUnknownKeyValToGlobal({ key: Uint8Array.from([0xfc, 1]), value: new Uint8Array(1_600_000) })
      const answer = psbt.toBase64()
      expect(answer.length).toBeGreaterThan(MAX_PSBT_LENGTH)
      expect(codeOf(() => checkedTransaction(answer, plan, REGTEST))).toBe('badPsbt')
    })

    it('no PSBT, garbage or an oversized answer', () => {
      for (const answer of ['', 'not base64 psbt', 'A'.repeat(MAX_PSBT_LENGTH + 1), 42 as unknown as string])
        expect(codeOf(() => checkedTransaction(answer, plan, REGTEST))).toBe('badPsbt')
    })
  })
})
