/**
 * The digest that binds a transaction preview (POST /v1/preview) to one request, in the one place both
 * sides compute it: the API stamps it on its answer, the kernel recomputes it from the request it is
 * about to forward and shows the answer only when the two are equal. A copy on each side could drift
 * apart and make every preview "unavailable", or worse, equal for requests that differ.
 *
 * Calls (a transaction is a batch of one call): keccak256 of the ABI encoding of
 * (string "portico.preview.calls.v1", uint256 chainId, address from, (address to, uint256 value, bytes data)[]).
 * Gas is not in it: the gas limit does not change what a call that completes does.
 * Typed data: the EIP-712 hash itself (what `from` signs), with the request's chain id not added.
 *
 * Its own entry (`@portico/shared-types/preview-digest`) because it needs viem: the root entry stays
 * types and constants, and the kernel loads this only in its lazy preview chunk.
 */
import {
  type Address,
  encodeAbiParameters,
  getAddress,
  type Hex,
  hashTypedData,
  keccak256,
  maxUint256,
} from 'viem'

export const CALLS_DIGEST_TAG = 'portico.preview.calls.v1'

/** A call in the canonical form the digest covers: checksummed callee, value as bigint, lower-case calldata. */
export interface PreviewedCall {
  to: Address
  value: bigint
  data: Hex
}

/**
 * The canonical form of a call as a wallet request or a preview body writes it (value in decimal or 0x
 * hex, data absent meaning 0x). Throws on a callee that is not an address or a value that is not an
 * integer of at most 256 bits; the caller decides what that means for it (a 400, an unavailable preview).
 */
export function canonicalCall(call: { to: string; value?: string | undefined; data?: string | undefined }) {
  const data = (call.data ?? '0x').toLowerCase()
  if (!/^0x([0-9a-f]{2})*$/.test(data)) throw new TypeError('data must be 0x followed by whole bytes of hex')
  const value = call.value ?? '0'
  if (!/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value))
    throw new TypeError('value must be a decimal or 0x hex integer')
  const amount = BigInt(value)
  if (amount > maxUint256) throw new TypeError('value must fit in 256 bits')
  return { to: getAddress(call.to), value: amount, data: data as Hex } satisfies PreviewedCall
}

export function callsDigest(chainId: number, from: Address, calls: readonly PreviewedCall[]): Hex {
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'string' },
        { type: 'uint256' },
        { type: 'address' },
        {
          type: 'tuple[]',
          components: [
            { name: 'to', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'data', type: 'bytes' },
          ],
        },
      ],
      [CALLS_DIGEST_TAG, BigInt(chainId), from, calls],
    ),
  )
}

/** The EIP-712 hash of an `eth_signTypedData_v4` payload; throws when the message does not match its types. */
export function typedDataDigest(payload: {
  domain: Record<string, unknown>
  types: Record<string, readonly { name: string; type: string }[]>
  primaryType: string
  message: Record<string, unknown>
}): Hex {
  return hashTypedData(payload as Parameters<typeof hashTypedData>[0])
}
