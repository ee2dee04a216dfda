import { decodeAbiParameters, type Hex } from 'viem'

/** ABI-decoded values of the given types, or null when the data does not hold them. */
export function decodeOrNull(types: string[], data: Hex): readonly unknown[] | null {
  try {
    return decodeAbiParameters(
      types.map((type) => ({ type })),
      data,
    )
  } catch {
    return null
  }
}
