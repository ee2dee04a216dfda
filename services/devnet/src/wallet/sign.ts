import { type Hex, isHex, type TypedDataDefinition } from 'viem'
import { invalidParams } from './errors.ts'
import type { DevSigner } from './signer.ts'

/** personal_sign: hex data is signed as raw bytes (what dapps send); other strings as UTF-8 text. */
export function signPersonal(account: DevSigner, data: unknown): Promise<Hex> {
  if (typeof data !== 'string')
    throw invalidParams('personal_sign expects [data, address] with data a string')
  return account.signMessage({ message: isHex(data) ? { raw: data } : data })
}

export function signTypedDataV4(account: DevSigner, typedData: unknown): Promise<Hex> {
  let parsed: unknown = typedData
  if (typeof typedData === 'string') {
    try {
      parsed = JSON.parse(typedData)
    } catch {
      throw invalidParams('eth_signTypedData_v4 expects the typed data as JSON')
    }
  }
  const candidate = parsed as Partial<TypedDataDefinition> | null
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.types !== 'object' ||
    typeof candidate.primaryType !== 'string' ||
    typeof candidate.message !== 'object'
  ) {
    throw invalidParams('eth_signTypedData_v4 typed data needs types, primaryType, domain and message')
  }
  try {
    return account.signTypedData(candidate as TypedDataDefinition)
  } catch (err) {
    throw invalidParams(`Invalid typed data: ${err instanceof Error ? err.message : String(err)}`)
  }
}
