/**
 * A BTC send as a PSBT (BIP-174): coin selection over the sender's coins, a fee at the given rate,
 * change back to the sender; and the check before broadcast that the wallet's signed PSBT pays exactly
 * what the visitor confirmed (same inputs, same outputs, same fee, every input signed).
 */
import type { BitcoinPsbtError, BitcoinSendPlan, BitcoinUtxo } from '@portico/shared-types'
import { Psbt } from 'bitcoinjs-lib'
import { bitcoinParams, outputScript } from './bitcoinAddress.ts'

/** Below this a P2WPKH output costs more to spend than it holds (Bitcoin Core's dust limit). */
export const DUST_SATS = 294n
/** Most coins one send spends (a standard transaction stays far below 100 kvB). */
export const MAX_INPUTS = 200
/** Longest signed PSBT accepted (base64 characters). */
export const MAX_PSBT_LENGTH = 2_000_000

export function psbtError(code: BitcoinPsbtError['code'], message: string): BitcoinPsbtError {
  return Object.assign(new Error(message), { name: 'BitcoinPsbtError' as const, code })
}

/** Virtual size of a P2WPKH spend: 10.5 vB overhead, 68 vB per input, 31 vB per output (rounded up). */
export const p2wpkhVbytes = (inputs: number, outputs: number) => Math.ceil(10.5 + 68 * inputs + 31 * outputs)

function paramsOf(network: string) {
  const params = bitcoinParams(network)
  if (!params) throw psbtError('badInput', `Not a known Bitcoin network: "${String(network).slice(0, 60)}"`)
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
    throw psbtError('invalidSend', 'Not a valid receiver and amount')
  if (!outputScript(send.from, network)) throw psbtError('badInput', 'Not a sender address of the network')
  if (!Number.isFinite(send.feeRate) || send.feeRate < 1 || send.feeRate > 10_000)
    throw psbtError('badInput', `Bad fee rate: ${send.feeRate}`)
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
  throw psbtError('insufficient', 'The coins do not cover the amount and the fee')
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

function plannedOutputs(plan: BitcoinSendPlan, network: string) {
  const to = outputScript(plan.to, network)
  const from = outputScript(plan.from, network)
  if (!to || !from) throw psbtError('invalidSend', 'Not a valid receiver and amount')
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
  for (const { txid, vout } of plan.inputs) {
    const coin = utxos.find((u) => u.txid === txid && u.vout === vout)
    if (!coin || !isUtxo(coin)) throw psbtError('badInput', `No coin ${txid}:${vout} among the coins given`)
    psbt.addInput({
      hash: txid,
      index: vout,
      witnessUtxo: { script: hexBytes(coin.script), value: BigInt(coin.value) },
    })
  }
  for (const output of plannedOutputs(plan, network)) psbt.addOutput(output)
  return { psbt: psbt.toBase64(), signingIndexes: plan.inputs.map((_, i) => i) }
}

const reversedHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .reverse()
    .join('')

function equal(a: Uint8Array, b: Uint8Array | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i])
}

/**
 * The raw transaction hex of the wallet's signed PSBT, only when it spends exactly the planned coins
 * and pays exactly the planned outputs (values and scripts, nothing added, nothing dropped) and fee;
 * otherwise throws signedMismatch. Inputs the wallet left unsigned throw `unsigned`.
 */
export function checkedTransaction(signedPsbt: string, plan: BitcoinSendPlan, network: string): string {
  const params = paramsOf(network)
  if (typeof signedPsbt !== 'string' || signedPsbt.length > MAX_PSBT_LENGTH)
    throw psbtError('badPsbt', 'The wallet returned no PSBT')
  let signed: Psbt
  try {
    signed = Psbt.fromBase64(signedPsbt, { network: params })
  } catch {
    throw psbtError('badPsbt', 'The wallet returned no PSBT')
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
      (inp, i) => reversedHex(inp.hash) === plan.inputs[i]?.txid && inp.index === plan.inputs[i]?.vout,
    )
  if (!sameOutputs || !sameInputs) throw psbtError('signedMismatch', 'The signed PSBT differs from the plan')
  try {
    signed.finalizeAllInputs()
  } catch {
    throw psbtError('unsigned', 'The wallet did not sign every input')
  }
  const final = signed.extractTransaction()
  // The fee paid is the planned one: the inputs' values are those the PSBT carries (witnessUtxo).
  if (BigInt(signed.getFee()) !== plan.fee)
    throw psbtError('signedMismatch', 'The signed PSBT pays another fee')
  return final.toHex()
}
