/**
 * Bitcoin signing of the dev wallet: messages in the signed-message format of bitcoinjs-message /
 * Electrum for segwit keys (header 39–42 for P2WPKH), and PSBT inputs spending the wallet's own
 * P2WPKH outputs. Pure functions over bytes: the wallet checks who may ask.
 */
import ecc from '@bitcoinerlab/secp256k1'
import { crypto, type Network, Psbt, payments } from 'bitcoinjs-lib'

/** Largest message or PSBT the wallet signs. */
export const MAX_SIGN_BYTES = 1_000_000
/** Most inputs one PSBT may ask the wallet to sign. */
export const MAX_SIGN_INPUTS = 500

const MESSAGE_MAGIC = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff)
}

/** sha256d(magic ‖ varint(len) ‖ message): the digest a Bitcoin signed message signs. */
export function messageHash(message: Uint8Array): Uint8Array {
  const length = varint(message.length)
  const bytes = new Uint8Array(MESSAGE_MAGIC.length + length.length + message.length)
  bytes.set(MESSAGE_MAGIC, 0)
  bytes.set(length, MESSAGE_MAGIC.length)
  bytes.set(message, MESSAGE_MAGIC.length + length.length)
  return crypto.hash256(bytes)
}

/** 65 bytes: header (27 + 12 + recovery id: compressed key, native segwit P2WPKH) ‖ r ‖ s. */
export function signBitcoinMessage(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  if (message.length > MAX_SIGN_BYTES) throw new Error('message too large')
  const { signature, recoveryId } = ecc.signRecoverable(messageHash(message), privateKey)
  const out = new Uint8Array(65)
  out[0] = 27 + 12 + recoveryId
  out.set(signature, 1)
  return out
}

export interface P2wpkhKey {
  privateKey: Uint8Array
  publicKey: Uint8Array
}

/**
 * Signs the inputs at `indexes` of a PSBT with a P2WPKH key. Each must spend an output of that key
 * (its witnessUtxo script is the key's P2WPKH script), else nothing is signed: the wallet never signs
 * for a script it did not check. Returns the PSBT with the signatures (not finalized).
 */
export function signPsbtInputs(
  psbtBytes: Uint8Array,
  network: Network,
  key: P2wpkhKey,
  indexes: readonly number[],
): Uint8Array {
  if (psbtBytes.length > MAX_SIGN_BYTES) throw new Error('PSBT too large')
  if (indexes.length === 0 || indexes.length > MAX_SIGN_INPUTS) throw new Error('no inputs to sign')
  const psbt = Psbt.fromBuffer(psbtBytes, { network })
  const script = payments.p2wpkh({ pubkey: key.publicKey, network }).output
  if (!script) throw new Error('no P2WPKH script')
  for (const index of indexes) {
    if (!Number.isInteger(index) || index < 0 || index >= psbt.inputCount)
      throw new Error(`no input ${index}`)
    const utxo = psbt.data.inputs[index]?.witnessUtxo
    if (!utxo || !equalBytes(utxo.script, script)) {
      throw new Error(`input ${index} does not spend this account's P2WPKH output`)
    }
  }
  const signer = {
    publicKey: key.publicKey,
    sign: (hash: Uint8Array) => ecc.sign(hash, key.privateKey),
  }
  for (const index of indexes) psbt.signInput(index, signer)
  return psbt.toBuffer()
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}
