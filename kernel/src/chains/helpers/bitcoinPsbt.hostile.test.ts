/**
 * The signed PSBT must commit to the whole planned transaction: SIGHASH_ALL on every input (or
 * SIGHASH_DEFAULT on a taproot key path), and the planned version, locktime and sequences.
 */
import ecc from '@bitcoinerlab/secp256k1'
import type { BitcoinUtxo } from '@portico/shared-types/plugin'
import { Psbt, payments, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { BITCOIN_DEV_ACCOUNTS } from '../../../../services/devnet/src/bitcoin/accounts.ts'
import { BCOIN_REGTEST } from '../../../../services/devnet/src/bitcoin/network.ts'
import { buildPsbt, checkedTransaction, planSend } from './bitcoinPsbt.ts'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const alice = BITCOIN_DEV_ACCOUNTS[0] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const bob = BITCOIN_DEV_ACCOUNTS[1] as (typeof BITCOIN_DEV_ACCOUNTS)[number]
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))
const aliceScript = Buffer.from(
  payments.p2wpkh({ address: alice.address, network: BCOIN_REGTEST }).output ?? [],
).toString('hex')
const coin = (n: number, value: number, script = aliceScript): BitcoinUtxo => ({
  txid: n.toString(16).padStart(64, '0'),
  vout: n,
  value,
  script,
})
const utxos = [coin(1, 50_000), coin(2, 300_000_000)]
const plan = planSend(
  utxos,
  { from: alice.address, to: bob.address, amount: 1_000_000n, feeRate: 2 },
  REGTEST,
)
const signer = {
  publicKey: bytes(alice.publicKey),
  sign: (hash: Uint8Array) => ecc.sign(hash, bytes(alice.privateKey)),
}
const unsigned = (edit: (psbt: Psbt) => void = () => {}) => {
  const psbt = Psbt.fromBase64(buildPsbt(plan, utxos, REGTEST).psbt, { network: BCOIN_REGTEST })
  edit(psbt)
  return psbt
}

const SIGHASH_NONE_ANYONECANPAY = Transaction.SIGHASH_NONE | Transaction.SIGHASH_ANYONECANPAY

/** Signs every input as alice with `hashType`, as a wallet asked by the PSBT's sighashType field. */
function signWith(
  psbt: Psbt,
  hashType: number,
  options: { dropField?: boolean; finalize?: boolean } = {},
): string {
  psbt.data.inputs.forEach((_, i) => {
    if (hashType !== Transaction.SIGHASH_ALL) psbt.updateInput(i, { sighashType: hashType })
    psbt.signInput(i, signer, [hashType])
  })
  if (options.finalize) psbt.finalizeAllInputs()
  if (options.dropField) for (const input of psbt.data.inputs) delete input.sighashType
  return psbt.toBase64()
}

function refusal(run: () => unknown): { code?: string; message: string } | undefined {
  try {
    run()
  } catch (error) {
    expect((error as Error).name).toBe('BitcoinPsbtError')
    return { code: (error as { code?: string }).code, message: (error as Error).message }
  }
  return undefined
}

/** A witness stack serialised as a PSBT finalScriptWitness. */
function witness(items: Uint8Array[]): Uint8Array {
  const out = [items.length]
  for (const item of items) out.push(item.length, ...item)
  return Uint8Array.from(out)
}

describe('bitcoin PSBT check: sighash types', () => {
  it('accepts SIGHASH_ALL signatures, left as partial signatures or finalized by the wallet', () => {
    expect(checkedTransaction(signWith(unsigned(), Transaction.SIGHASH_ALL), plan, REGTEST)).toMatch(/^02/)
    const finalized = signWith(unsigned(), Transaction.SIGHASH_ALL, { finalize: true })
    expect(checkedTransaction(finalized, plan, REGTEST)).toMatch(/^02/)
  })

  it('refuses SIGHASH_NONE|ANYONECANPAY (the relayer could rewrite the outputs)', () => {
    const signed = signWith(unsigned(), SIGHASH_NONE_ANYONECANPAY)
    expect(refusal(() => checkedTransaction(signed, plan, REGTEST))).toMatchObject({
      code: 'signedMismatch',
      message: expect.stringMatching(/only SIGHASH_ALL/),
    })
  })

  it('refuses it by the signature byte itself, even with the sighashType field removed', () => {
    const partial = signWith(unsigned(), SIGHASH_NONE_ANYONECANPAY, { dropField: true })
    expect(refusal(() => checkedTransaction(partial, plan, REGTEST))?.code).toBe('signedMismatch')
    const finalized = signWith(unsigned(), SIGHASH_NONE_ANYONECANPAY, { finalize: true, dropField: true })
    expect(refusal(() => checkedTransaction(finalized, plan, REGTEST))).toMatchObject({
      code: 'signedMismatch',
      message: expect.stringMatching(/sighash type 0x82/),
    })
  })

  it('refuses SINGLE, NONE and ALL|ANYONECANPAY', () => {
    for (const type of [
      Transaction.SIGHASH_SINGLE,
      Transaction.SIGHASH_NONE,
      Transaction.SIGHASH_ALL | Transaction.SIGHASH_ANYONECANPAY,
    ]) {
      const signed = signWith(unsigned(), type, { finalize: true, dropField: true })
      expect(refusal(() => checkedTransaction(signed, plan, REGTEST))?.code).toBe('signedMismatch')
    }
  })

  it('taproot key path: a 64-byte (DEFAULT) signature passes, a 65-byte NONE|ANYONECANPAY one does not', () => {
    const p2tr = `5120${'ab'.repeat(32)}`
    const coins = [coin(7, 5_000_000, p2tr)]
    const trPlan = planSend(
      coins,
      { from: alice.address, to: bob.address, amount: 1_000_000n, feeRate: 2 },
      REGTEST,
    )
    const withWitness = (sig: Uint8Array) => {
      const psbt = Psbt.fromBase64(buildPsbt(trPlan, coins, REGTEST).psbt, { network: BCOIN_REGTEST })
      psbt.updateInput(0, { finalScriptWitness: witness([sig]) })
      return psbt.toBase64()
    }
    expect(checkedTransaction(withWitness(new Uint8Array(64).fill(7)), trPlan, REGTEST)).toMatch(/^02/)
    const all = Uint8Array.from([...new Uint8Array(64).fill(7), Transaction.SIGHASH_ALL])
    expect(checkedTransaction(withWitness(all), trPlan, REGTEST)).toMatch(/^02/)
    const none = Uint8Array.from([...new Uint8Array(64).fill(7), SIGHASH_NONE_ANYONECANPAY])
    expect(refusal(() => checkedTransaction(withWitness(none), trPlan, REGTEST))?.code).toBe('signedMismatch')
  })
})

describe('bitcoin PSBT check: version, locktime and sequences', () => {
  it.each([
    ['version 1', (psbt: Psbt) => psbt.setVersion(1)],
    ['a locktime', (psbt: Psbt) => psbt.setLocktime(900_000)],
    ['an RBF input sequence', (psbt: Psbt) => psbt.setInputSequence(0, 0xfffffffd)],
    ['a relative timelock', (psbt: Psbt) => psbt.setInputSequence(0, 10)],
  ])('refuses a signed PSBT with %s (planned: version 2, locktime 0, final sequences)', (_, edit) => {
    const signed = signWith(unsigned(edit), Transaction.SIGHASH_ALL)
    expect(refusal(() => checkedTransaction(signed, plan, REGTEST))).toMatchObject({
      code: 'signedMismatch',
      message: 'The signed PSBT differs from the plan',
    })
  })

  it('builds the PSBT with exactly those values', () => {
    const psbt = unsigned()
    expect(psbt.version).toBe(2)
    expect(psbt.locktime).toBe(0)
    expect(psbt.txInputs.map((input) => input.sequence)).toEqual([0xffffffff])
  })
})
