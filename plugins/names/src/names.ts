/** The names plugin's rules (behaviour §5 name and coin type, §7 registration message), plain functions. */
import { NAME_SUFFIXES } from '@portico/shared-types'

export const NAME_SUFFIX = NAME_SUFFIXES[0]

/** behaviour §5: at least 4 characters, only letters, digits and hyphen (ASCII: lookalikes are refused). */
export function isValidLabel(label: string): boolean {
  return /^[a-zA-Z0-9-]{4,63}$/.test(label)
}

/** What the visitor typed, trimmed, lower-cased and without a suffix they typed themselves. */
export function labelOf(input: string): string {
  const lowered = input.trim().toLowerCase()
  const suffix = NAME_SUFFIXES.find((s) => lowered.endsWith(s))
  return suffix ? lowered.slice(0, -suffix.length) : lowered
}

/** A full name as behaviour §5/§9 allow it: a valid label and one of the name suffixes. */
export function isValidName(name: string): boolean {
  const suffix = NAME_SUFFIXES.find((s) => name.endsWith(s))
  return suffix !== undefined && isValidLabel(name.slice(0, -suffix.length))
}

/** behaviour §5: a chain id at or above 2^31 has no coin type; otherwise the id with the high bit set. */
export function coinTypeOf(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || chainId >= 0x80000000)
    throw new Error(`Chain id ${chainId} has no coin type`)
  return (chainId | 0x80000000) >>> 0
}

/**
 * The sentence the wallet shows first: what is signed, on which site and for which chain (the API
 * refuses a message whose statement is not exactly this).
 */
export function registrationStatement(name: string, domain: string, chainId: number): string {
  return `Register ${name} as your account name on ${domain} (chain eip155:${chainId})`
}

/**
 * behaviour §7: the JSON the wallet signs, timestamp in seconds. It binds the chain (`coin_type`, which the
 * API must find equal to the request's) and the site (`domain`, location.host) with a statement, so a
 * signature cannot be replayed to register the name on another chain or read as something else.
 */
export function registrationMessage(
  params: { name: string; chainId: number; domain: string; nowMs: number },
  attributes: Record<string, string> = {},
): string {
  const { name, chainId, domain, nowMs } = params
  return JSON.stringify({
    statement: registrationStatement(name, domain, chainId),
    name,
    domain,
    coin_type: coinTypeOf(chainId),
    attributes,
    timestamp: Math.floor(nowMs / 1000),
  })
}

/** personal_sign data: the UTF-8 bytes of the message as 0x hex. */
export function utf8Hex(text: string): `0x${string}` {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
