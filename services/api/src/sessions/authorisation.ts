import type { SessionPermission } from '@portico/shared-types/api'
import { type Address, type Hex, keccak256, stringToHex, verifyMessage } from 'viem'
import type { ChainHandle } from '../chain/clients.ts'

export interface SessionCreation {
  /** Checksummed 0x address of the account. */
  address: Address
  projectId: string
  permission: SessionPermission
  /** Unix seconds. */
  expiry: number
  /** Unix seconds at which the account signed; the message is only accepted close to it. */
  issuedAt: number
}

/**
 * The text an account signs (personal_sign) to create a session: every field it authorises, the
 * permission by its keccak-256 (the data may be long). Clients build it with this function.
 */
export function sessionCreationMessage(c: SessionCreation): string {
  const p = c.permission
  const permission = keccak256(
    stringToHex(JSON.stringify([p.permissionType, p.data, p.required, p.onChainValidated])),
  )
  return [
    'Portico: create a session',
    `Account: ${c.address}`,
    `Project: ${c.projectId}`,
    `Permission: ${permission}`,
    `Expiry: ${c.expiry}`,
    `Issued at: ${c.issuedAt}`,
  ].join('\n')
}

/**
 * The session id of a signed creation: derived from the message, so replaying the same signed
 * request finds the same session instead of making another.
 */
export function sessionIdOf(message: string): string {
  const h = keccak256(stringToHex(message)).slice(2, 34)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

/**
 * Whether `signature` is the account's personal_sign of `message`: an EOA signature, else (on a
 * chain this service serves) what the contract account accepts (ERC-1271 / ERC-6492).
 */
export async function signedBy(
  chains: Map<number, ChainHandle>,
  address: Address,
  chainId: number | null,
  message: string,
  signature: Hex,
): Promise<boolean> {
  if (await verifyMessage({ address, message, signature }).catch(() => false)) return true
  const handle = chainId !== null ? chains.get(chainId) : undefined
  if (!handle) return false
  return handle.client.verifyMessage({ address, message, signature }).catch(() => false)
}
