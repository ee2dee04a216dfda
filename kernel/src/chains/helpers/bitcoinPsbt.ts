/**
 * A BTC send as a PSBT (BIP-174): coin selection over the sender's coins, a fee at the given rate,
 * change back to the sender; and the check before broadcast that the wallet's signed PSBT pays exactly
 * what the visitor confirmed (same inputs, outputs, fee, version, locktime and sequences, every input
 * signed with SIGHASH_ALL so nobody relaying it can change it).
 */
import type { BitcoinSendPlan, BitcoinUtxo } from '@portico/shared-types/plugin'
import { script as bscript, Psbt, Transaction } from 'bitcoinjs-lib'
import { bitcoinParams, outputScript } from './bitcoinAddress.ts'
import { BitcoinPsbtError } from './errors.ts'

/** Below this a P2WPKH output costs more to spend than it holds (Bitcoin Core's dust limit). */
export const DUST_SATS = 294n
/** Most coins one send spends (a standard transaction stays far below 100 kvB). */
export const MAX_INPUTS = 200
/** Longest signed PSBT accepted (base64 characters). */
export const MAX_PSBT_LENGTH = 2_000_000
/** The transaction fields buildPsbt writes, and checkedTransaction requires back unchanged. */
export const TX_VERSION = 2
export const TX_LOCKTIME = 0
export const INPUT_SEQUENCE = 0xffffffff

/** Virtual size of a P2WPKH spend: 10.5 vB overhead, 68 vB per input, 31 vB per output (rounded up). */
export const p2wpkhVbytes = (inputs: number, outputs: number) => Math.ceil(10.5 + 68 * inputs + 31 * outputs)

function paramsOf(network: string) {
  const params = bitcoinParams(network)
  if (!params)
    throw new BitcoinPsbtError('badInput', `Not a known Bitcoin network: "${String(network).slice(0, 60)}"`)
  return params
}

const isUtxo = (coin: BitcoinUtxo): boolean =>
  typeof coin?.txid === 'string' &&
  /^[0-9a-f]{64}$/.test(coin.txid) &&
  Number.isSafeInteger(coin.vout) &&
  coin.vout >= 0 &&
  Number.isSafeInteger(coin.value) &&
  coin.value > 0 &&
  typeof coin.script === 'string' &&
  /^([0-9a-f]{2}){1,100}$/.test(coin.script)

/** Largest coins first until amount + fee is covered; change below dust is left to the fee. */
export function planSend(
  utxos: readonly BitcoinUtxo[],
  send: { from: string; to: string; amount: bigint; feeRate: number },
  network: string,
): BitcoinSendPlan {
  paramsOf(network)
  const to = typeof send.to === 'string' ? send.to.trim() : ''
  if (!outputScript(to, network) || typeof send.amount !== 'bigint' || send.amount < DUST_SATS)
    throw new BitcoinPsbtError('invalidSend', 'Not a valid receiver and amount')
  if (!outputScript(send.from, network))
    throw new BitcoinPsbtError('badInput', 'Not a sender address of the network')
  if (!Number.isFinite(send.feeRate) || send.feeRate < 1 || send.feeRate > 10_000)
    throw new BitcoinPsbtError('badInput', `Bad fee rate: ${send.feeRate}`)
  const coins = utxos
    .filter(isUtxo)
    .sort((a, b) => b.value - a.value)
    .slice(0, MAX_INPUTS)
  const chosen: BitcoinUtxo[] = []
  let total = 0n
  for (const coin of coins) {
    chosen.push(coin)
    total += BigInt(coin.value)
    const feeWithChange = BigInt(Math.ceil(p2wpkhVbytes(chosen.length, 2) * send.feeRate))
    if (total >= send.amount + feeWithChange) {
      const change = total - send.amount - feeWithChange
      const inputs = chosen.map(({ txid, vout }) => ({ txid, vout }))
      const plan = { from: send.from, to, amount: send.amount, inputs }
      if (change >= DUST_SATS) return { ...plan, fee: feeWithChange, change }
      // No change output: what is left over goes to the fee.
      return { ...plan, fee: total - send.amount, change: 0n }
    }
  }
  throw new BitcoinPsbtError('insufficient', 'The coins do not cover the amount and the fee')
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

function plannedOutputs(plan: BitcoinSendPlan, network: string) {
  const to = outputScript(plan.to, network)
  const from = outputScript(plan.from, network)
  if (!to || !from) throw new BitcoinPsbtError('invalidSend', 'Not a valid receiver and amount')
  return [
    { script: to, value: plan.amount },
    ...(plan.change > 0n ? [{ script: from, value: plan.change }] : []),
  ]
}

/** The unsigned PSBT of a plan (base64, witnessUtxo on every input) and the input indexes to sign. */
export function buildPsbt(
  plan: BitcoinSendPlan,
  utxos: readonly BitcoinUtxo[],
  network: string,
): { psbt: string; signingIndexes: number[] } {
  const psbt = new Psbt({ network: paramsOf(network) })
  psbt.setVersion(TX_VERSION)
  psbt.setLocktime(TX_LOCKTIME)
  for (const { txid, vout } of plan.inputs) {
    const coin = utxos.find((u) => u.txid === txid && u.vout === vout)
    if (!coin || !isUtxo(coin))
      throw new BitcoinPsbtError('badInput', `No coin ${txid}:${vout} among the coins given`)
    psbt.addInput({
      hash: txid,
      index: vout,
      sequence: INPUT_SEQUENCE,
      witnessUtxo: { script: hexBytes(coin.script), value: BigInt(coin.value) },
    })
  }
  for (const output of plannedOutputs(plan, network)) psbt.addOutput(output)
  return { psbt: psbt.toBase64(), signingIndexes: plan.inputs.map((_, i) => i) }
}

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const reversedHex = (bytes: Uint8Array) => hexOf(bytes.slice().reverse())

function equal(a: Uint8Array, b: Uint8Array | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i])
}

const SIGHASH_DEFAULT = 0x00
const isHex = (script: Uint8Array, pattern: RegExp) => pattern.test(hexOf(script))
const P2TR = /^5120[0-9a-f]{64}$/

/** The script the input spends, as the PSBT carries it (witnessUtxo, else the previous transaction). */
function prevoutScript(psbt: Psbt, index: number): Uint8Array | undefined {
  const input = psbt.data.inputs[index]
  if (input?.witnessUtxo) return input.witnessUtxo.script
  if (!input?.nonWitnessUtxo) return undefined
  try {
    return Transaction.fromBuffer(input.nonWitnessUtxo).outs[psbt.txInputs[index]?.index ?? -1]?.script
  } catch {
    return undefined
  }
}

/** The sighash type an ECDSA signature (DER ‖ type byte) commits to; undefined when it is none. */
function ecdsaHashType(sig: Uint8Array | undefined): number | undefined {
  if (!sig || !bscript.isCanonicalScriptSignature(sig)) return undefined
  return bscript.signature.decode(sig).hashType
}

/** A BIP-340 signature: 64 bytes = SIGHASH_DEFAULT, 65 bytes = its last byte. */
function schnorrHashType(sig: Uint8Array | undefined): number | undefined {
  if (sig?.length === 64) return SIGHASH_DEFAULT
  if (sig?.length === 65) return sig[64]
  return undefined
}

/**
 * The sighash type of the signature that spends one input of the final transaction, by the type of
 * the script it spends (P2WPKH, P2SH-P2WPKH, P2PKH, P2TR key path); undefined when the spend is of
 * another kind (a script path, a multisig…), which is never what the wallet was asked for.
 */
function spendHashType(tx: Transaction, index: number, prevout: Uint8Array): number | undefined {
  const input = tx.ins[index]
  if (!input) return undefined
  const witness = input.witness
  if (isHex(prevout, /^0014[0-9a-f]{40}$/))
    return witness.length === 2 && input.script.length === 0 ? ecdsaHashType(witness[0]) : undefined
  if (isHex(prevout, /^a914[0-9a-f]{40}87$/)) {
    // P2SH-P2WPKH: the scriptSig pushes the 0014… redeem script, the witness is [signature, key].
    const pushes = bscript.decompile(input.script)
    const redeem = pushes?.length === 1 ? pushes[0] : undefined
    if (!(redeem instanceof Uint8Array) || !isHex(redeem, /^0014[0-9a-f]{40}$/) || witness.length !== 2)
      return undefined
    return ecdsaHashType(witness[0])
  }
  if (isHex(prevout, /^76a914[0-9a-f]{40}88ac$/)) {
    const pushes = bscript.decompile(input.script)
    if (witness.length !== 0 || pushes?.length !== 2 || !(pushes[0] instanceof Uint8Array)) return undefined
    return ecdsaHashType(pushes[0])
  }
  if (isHex(prevout, P2TR)) {
    // Key path: one signature (an annex, 0x50…, may follow it); anything longer is a script path.
    const stack = witness.length >= 2 && witness.at(-1)?.[0] === 0x50 ? witness.slice(0, -1) : witness
    return stack.length === 1 && input.script.length === 0 ? schnorrHashType(stack[0]) : undefined
  }
  return undefined
}

/**
 * Every input's signatures commit to the whole transaction: SIGHASH_ALL (or SIGHASH_DEFAULT for a
 * taproot key path). NONE, SINGLE or ANYONECANPAY would let whoever relays the transaction rewrite
 * its outputs or add inputs after the visitor confirmed it.
 */
function checkSighashes(signed: Psbt, tx: Transaction): void {
  signed.data.inputs.forEach((input, i) => {
    const prevout = prevoutScript(signed, i)
    const taproot = prevout !== undefined && isHex(prevout, P2TR)
    const allowed = (type: number) =>
      type === Transaction.SIGHASH_ALL || (taproot && type === SIGHASH_DEFAULT)
    if (input.sighashType !== undefined && !allowed(input.sighashType))
      throw new BitcoinPsbtError(
        'signedMismatch',
        `Input ${i} asks for sighash type 0x${input.sighashType.toString(16)}: only SIGHASH_ALL is accepted`,
      )
    const type = prevout ? spendHashType(tx, i, prevout) : undefined
    if (type === undefined)
      throw new BitcoinPsbtError(
        'signedMismatch',
        `Input ${i} is not spent by one signature of the sender's key`,
      )
    if (!allowed(type))
      throw new BitcoinPsbtError(
        'signedMismatch',
        `Input ${i} is signed with sighash type 0x${type.toString(16)}: only SIGHASH_ALL is accepted`,
      )
  })
}

/**
 * The raw transaction hex of the wallet's signed PSBT, only when it spends exactly the planned coins
 * (with the planned sequences) and pays exactly the planned outputs (values and scripts, nothing added,
 * nothing dropped) and fee, in a transaction of the planned version and locktime, every input signed
 * with SIGHASH_ALL; otherwise throws signedMismatch. Inputs the wallet left unsigned throw `unsigned`.
 * Inputs the wallet finalized itself are kept as they are (and checked the same way).
 */
export function checkedTransaction(signedPsbt: string, plan: BitcoinSendPlan, network: string): string {
  const params = paramsOf(network)
  if (typeof signedPsbt !== 'string' || signedPsbt.length > MAX_PSBT_LENGTH)
    throw new BitcoinPsbtError('badPsbt', 'The wallet returned no PSBT')
  let signed: Psbt
  try {
    signed = Psbt.fromBase64(signedPsbt, { network: params })
  } catch (error) {
    throw new BitcoinPsbtError('badPsbt', 'The wallet returned no PSBT', { cause: error })
  }
  const expected = plannedOutputs(plan, network)
  const outputs = signed.txOutputs
  const inputs = signed.txInputs
  const sameOutputs =
    outputs.length === expected.length &&
    outputs.every((out, i) => out.value === expected[i]?.value && equal(out.script, expected[i]?.script))
  const sameInputs =
    inputs.length === plan.inputs.length &&
    inputs.every(
      (inp, i) =>
        reversedHex(inp.hash) === plan.inputs[i]?.txid &&
        inp.index === plan.inputs[i]?.vout &&
        inp.sequence === INPUT_SEQUENCE,
    )
  const sameFrame = signed.version === TX_VERSION && signed.locktime === TX_LOCKTIME
  if (!sameOutputs || !sameInputs || !sameFrame)
    throw new BitcoinPsbtError('signedMismatch', 'The signed PSBT differs from the plan')
  try {
    signed.data.inputs.forEach((input, i) => {
      if (!input.finalScriptSig && !input.finalScriptWitness) signed.finalizeInput(i)
    })
  } catch (error) {
    throw new BitcoinPsbtError('unsigned', 'The wallet did not sign every input', { cause: error })
  }
  const final = signed.extractTransaction()
  checkSighashes(signed, final)
  // The fee paid is the planned one: the inputs' values are those the PSBT carries (witnessUtxo).
  if (BigInt(signed.getFee()) !== plan.fee)
    throw new BitcoinPsbtError('signedMismatch', 'The signed PSBT pays another fee')
  return final.toHex()
}
