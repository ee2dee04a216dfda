/**
 * A Solana native (SOL) transfer built by hand: a legacy transaction with one System Program
 * transfer instruction, serialized for `solana_signAndSendTransaction` (base64). No Solana library.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** SPEC §9 does not price Solana fees; the network's base fee is 5 000 lamports per signature. */
export const SOLANA_FEE_LAMPORTS = 5_000n

export function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn))
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/** SPEC §5: a Solana address is 32 to 44 base58 characters (and decodes to a 32-byte key). */
export const isSolanaAddress = (value: string): boolean => {
  const trimmed = value.trim()
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(trimmed) && base58Decode(trimmed)?.length === 32
}

function compactU16(value: number): number[] {
  const out: number[] = []
  let rest = value
  do {
    let byte = rest & 0x7f
    rest >>= 7
    if (rest) byte |= 0x80
    out.push(byte)
  } while (rest)
  return out
}

const key = (address: string): Uint8Array => {
  const bytes = base58Decode(address.trim())
  if (bytes?.length !== 32) throw new Error(`Not a Solana address: ${address}`)
  return bytes
}

/** The unsigned wire transaction: one empty signature slot for the fee payer, then the message. */
export function transferTransaction(
  from: string,
  to: string,
  lamports: bigint,
  blockhash: string,
): Uint8Array {
  const payer = key(from)
  const receiver = key(to)
  const self = from.trim() === to.trim()
  // Signer and writable first, then the receiver (writable), then the System Program (read-only).
  const keys = self ? [payer, new Uint8Array(32)] : [payer, receiver, new Uint8Array(32)]
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true) // SystemInstruction::Transfer
  view.setBigUint64(4, lamports, true)
  const message = [
    1, // required signatures
    0, // read-only signed
    1, // read-only unsigned: the System Program
    ...compactU16(keys.length),
    ...keys.flatMap((bytes) => [...bytes]),
    ...key(blockhash),
    ...compactU16(1),
    keys.length - 1, // program id index
    ...compactU16(2),
    0,
    self ? 0 : 1,
    ...compactU16(data.length),
    ...data,
  ]
  return Uint8Array.from([...compactU16(1), ...new Uint8Array(64), ...message])
}

export const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

/** A JSON-RPC call to the network's own node (the app configured its URL). */
export async function solanaRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message?: string } }
  if (!response.ok || body.error) throw new Error(`${method}: ${body.error?.message ?? response.status}`)
  return body.result as T
}
