/**
 * The digest that binds a preview to one request: a wallet shows a preview only for the request whose
 * digest it computes to the same value, so a preview can never stand for a request that differs in any
 * byte that changes its effects.
 *
 * Calls (a transaction is a batch of one call): keccak256 of the ABI encoding of
 * (string "portico.preview.calls.v1", uint256 chainId, address from, (address to, uint256 value, bytes data)[]).
 * Gas is not in it: the gas limit does not change what a call that completes does.
 * Typed data: the EIP-712 hash itself (what `from` signs), with the request's chain id not added.
 */
import { type Address, encodeAbiParameters, type Hex, keccak256 } from 'viem'

export const CALLS_DIGEST_TAG = 'portico.preview.calls.v1'

export interface PreviewedCall {
  to: Address
  value: bigint
  data: Hex
}

export function callsDigest(chainId: number, from: Address, calls: PreviewedCall[]): Hex {
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
