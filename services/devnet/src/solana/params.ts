import type { SolanaChain } from './chain.ts'
import { invalidParams, RpcError, RpcErrorCode } from './jsonRpc.ts'
import { decodeAddress, decodeBase58, encodeBase58 } from './keys.ts'

export interface CommonConfig {
  commitment?: string
  minContextSlot?: number
  encoding?: string
}

/** The optional trailing config object most Solana methods take. */
export function configParam<T extends CommonConfig>(value: unknown): T {
  if (value === undefined || value === null) return {} as T
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams('Invalid params: config must be an object')
  const config = value as T
  if (config.minContextSlot !== undefined && !Number.isSafeInteger(config.minContextSlot)) {
    throw invalidParams('Invalid params: minContextSlot must be an integer')
  }
  return config
}

/** Refuses a request for a slot the chain has not reached, as validators do (-32016). */
export function requireContextSlot(chain: SolanaChain, config: CommonConfig): void {
  if (config.minContextSlot !== undefined && config.minContextSlot > chain.slot) {
    throw new RpcError(RpcErrorCode.minContextSlotNotReached, 'Minimum context slot has not been reached', {
      contextSlot: chain.slot,
    })
  }
}

/** A base58 public key, normalised. */
export function pubkeyParam(value: unknown): string {
  const bytes = decodeAddress(value)
  if (!bytes) throw invalidParams('Invalid param: Invalid')
  return encodeBase58(bytes)
}

export function signatureParam(value: unknown): string {
  if (typeof value === 'string' && value.length <= 88) {
    try {
      if (decodeBase58(value).length === 64) return value
    } catch {
      // fall through
    }
  }
  throw invalidParams('Invalid param: Invalid')
}

export function integerParam(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: ${what} must be a non-negative integer`)
  }
  return value
}

export function stringListParam(value: unknown, what: string, max: number): string[] {
  if (!Array.isArray(value)) throw invalidParams(`Invalid params: ${what} must be a list`)
  if (value.length > max) throw invalidParams(`Too many inputs provided; max ${max}`)
  return value as string[]
}

/** Transaction or message bytes in the requested encoding (base58 is the RPC default). */
export function bytesParam(value: unknown, encoding: string | undefined, what: string): Uint8Array {
  if (typeof value !== 'string') throw invalidParams(`Invalid params: ${what} must be an encoded string`)
  const enc = encoding ?? 'base58'
  if (enc === 'base58') {
    try {
      return decodeBase58(value)
    } catch {
      throw invalidParams(`invalid base58 encoding: ${what}`)
    }
  }
  if (enc === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw invalidParams(`invalid base64 encoding: ${what}`)
    return new Uint8Array(Buffer.from(value, 'base64'))
  }
  throw invalidParams(`Invalid params: unsupported encoding: ${enc}. Supported encodings: base58, base64`)
}
