/**
 * A BTC send as a PSBT (BIP-174): coin selection over the account's P2WPKH coins, a fee at the given
 * rate, change back to the sender; and the check before broadcast that the wallet's signed PSBT pays
 * exactly what the visitor confirmed (same inputs, same outputs, every input signed).
 */
import { address as bitcoinAddress, type Network, Psbt } from 'bitcoinjs-lib'

export interface Utxo {
  txid: string
  vout: number
  /** Sats. */
  value: number
  /** The output script, hex. */
  script: string
}

/** What the visitor confirms: the receiver and amount, with the fee and change the plan implies. */
export interface SendPlan {
  from: string
  to: string
  amount: bigint
  fee: bigint
  change: bigint
  inputs: { txid: string; vout: number }[]
}

/** Below this a P2WPKH output costs more to spend than it holds (Bitcoin Core's dust limit). */
export const DUST_SATS = 294n
/** Most coins one send spends (a standard transaction stays far below 100 kvB). */
export const MAX_INPUTS = 200

import { INSUFFICIENT, INVALID_SEND, SIGNED_MISMATCH } from './messages.ts'

export { INSUFFICIENT, INVALID_SEND, SIGNED_MISMATCH }

/** Virtual size of a P2WPKH spend: 10.5 vB overhead, 68 vB per input, 31 vB per output (rounded up). */
export const p2wpkhVbytes = (inputs: number, outputs: number) => Math.ceil(10.5 + 68 * inputs + 31 * outputs)

export function isBitcoinAddress(value: string, network: Network): boolean {
  try {
    bitcoinAddress.toOutputScript(value, network)
    return true
  } catch {
    return false
  }
}

/** "0.015" → 1 500 000 sats; null for anything but a positive amount with at most 8 decimals. */
export function parseBtc(text: string): bigint | null {
  const match = /^(\d{1,8})(?:\.(\d{1,8}))?$/.exec(text.trim())
  if (!match) return null
  const sats = BigInt(match[1] ?? '0') * 100_000_000n + BigInt((match[2] ?? '').padEnd(8, '0') || '0')
  return sats > 0n ? sats : null
}

/**
 * Largest coins first until amount + fee is covered; change below dust is left to the fee. Throws
 * SPEC's messages: an invalid amount or receiver, or 'Insufficient balance'.
 */
export function planSend(
  utxos: readonly Utxo[],
  input: { from: string; to: string; amount: bigint; feeRate: number },
  network: Network,
): SendPlan {
  if (!isBitcoinAddress(input.to, network) || input.amount < DUST_SATS) throw new Error(INVALID_SEND)
  if (!Number.isFinite(input.feeRate) || input.feeRate < 1 || input.feeRate > 10_000)
    throw new Error('Bad fee rate')
  const coins = [...utxos].sort((a, b) => b.value - a.value).slice(0, MAX_INPUTS)
  const chosen: Utxo[] = []
  let total = 0n
  for (const coin of coins) {
    chosen.push(coin)
    total += BigInt(coin.value)
    const feeWithChange = BigInt(Math.ceil(p2wpkhVbytes(chosen.length, 2) * input.feeRate))
    if (total >= input.amount + feeWithChange) {
      const change = total - input.amount - feeWithChange
      if (change >= DUST_SATS) return plan(input, chosen, feeWithChange, change)
      // No change output: what is left over goes to the fee.
      return plan(input, chosen, total - input.amount, 0n)
    }
  }
  throw new Error(INSUFFICIENT)
}

function plan(
  input: { from: string; to: string; amount: bigint },
  chosen: Utxo[],
  fee: bigint,
  change: bigint,
): SendPlan {
  return {
    from: input.from,
    to: input.to,
    amount: input.amount,
    fee,
    change,
    inputs: chosen.map(({ txid, vout }) => ({ txid, vout })),
  }
}

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

/** The unsigned PSBT of a plan (witnessUtxo on every input, for the wallet to check and sign). */
export function buildPsbt(planned: SendPlan, utxos: readonly Utxo[], network: Network): Psbt {
  const psbt = new Psbt({ network })
  for (const { txid, vout } of planned.inputs) {
    const coin = utxos.find((u) => u.txid === txid && u.vout === vout)
    if (!coin) throw new Error('coin vanished')
    psbt.addInput({
      hash: txid,
      index: vout,
      witnessUtxo: { script: hexBytes(coin.script), value: BigInt(coin.value) },
    })
  }
  psbt.addOutput({ address: planned.to, value: planned.amount })
  if (planned.change > 0n) psbt.addOutput({ address: planned.from, value: planned.change })
  return psbt
}

const reversedHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .reverse()
    .join('')

/**
 * The raw transaction to broadcast from the wallet's signed PSBT, only when it spends exactly the
 * planned coins and pays exactly the planned outputs (values and scripts, nothing added, nothing
 * dropped); otherwise throws SIGNED_MISMATCH. Inputs the wallet left unsigned throw too.
 */
export function checkedTransaction(signed: Psbt, planned: SendPlan, network: Network): string {
  const expected = [
    { script: bitcoinAddress.toOutputScript(planned.to, network), value: planned.amount },
    ...(planned.change > 0n
      ? [{ script: bitcoinAddress.toOutputScript(planned.from, network), value: planned.change }]
      : []),
  ]
  const tx = signed.txOutputs
  const inputs = signed.txInputs
  const sameOutputs =
    tx.length === expected.length &&
    tx.every((out, i) => out.value === expected[i]?.value && equal(out.script, expected[i]?.script))
  const sameInputs =
    inputs.length === planned.inputs.length &&
    inputs.every(
      (inp, i) => reversedHex(inp.hash) === planned.inputs[i]?.txid && inp.index === planned.inputs[i]?.vout,
    )
  if (!sameOutputs || !sameInputs) throw new Error(SIGNED_MISMATCH)
  try {
    signed.finalizeAllInputs()
  } catch {
    throw new Error('The wallet did not sign every input')
  }
  const final = signed.extractTransaction()
  // The fee paid is the planned one: the inputs' values are those the PSBT carries (witnessUtxo).
  if (BigInt(signed.getFee()) !== planned.fee) throw new Error(SIGNED_MISMATCH)
  return final.toHex()
}

function equal(a: Uint8Array, b: Uint8Array | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i])
}
