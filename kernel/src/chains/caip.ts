import {
  type CaipAddress,
  type CaipNetworkId,
  CHAIN_NAMESPACES,
  type ChainNamespace,
  MESSAGES,
  type ParsedCaipAddress,
} from '@portico/shared-types'
import { ChainError } from './errors.ts'

const isNamespace = (value: string): value is ChainNamespace =>
  (CHAIN_NAMESPACES as readonly string[]).includes(value)

/** behaviour §5: exactly 3 non-empty colon parts, the first a known namespace. */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parts = value.split(':')
  const [namespace, chainId, address] = parts
  if (parts.length !== 3 || !namespace || !chainId || !address || !isNamespace(namespace)) {
    throw new ChainError('INVALID_CAIP_ID', MESSAGES.invalidCaipAddress)
  }
  return { namespace, chainId, address }
}

/** behaviour §5: a CAIP network id has 2 parts. */
export function parseCaipNetworkId(value: string): { namespace: ChainNamespace; chainId: string } {
  const parts = value.split(':')
  const [namespace, chainId] = parts
  if (parts.length !== 2 || !namespace || !chainId || !isNamespace(namespace)) {
    throw new ChainError('INVALID_CAIP_ID', MESSAGES.invalidCaipAddress)
  }
  return { namespace, chainId }
}

export const toCaipNetworkId = (namespace: ChainNamespace, chainId: string | number): CaipNetworkId =>
  `${namespace}:${chainId}`

export const toCaipAddress = (caipNetworkId: CaipNetworkId, address: string): CaipAddress =>
  `${caipNetworkId}:${address}`

export const isEip155Address = (value: string): boolean => /^(0x)?[0-9a-fA-F]{40}$/.test(value)

export const isSolanaAddress = (value: string): boolean => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)

/** CAIP-2 reference characters; an eip155 reference is a decimal chain id (a safe integer, no NaN). */
const CAIP2_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const EIP155_REFERENCE = /^[1-9]\d{0,15}$/
/** CAIP-10 account_address characters, for the namespaces behaviour §5 has no address rule of its own. */
const CAIP10_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

const isValidReference = (namespace: ChainNamespace, reference: string) =>
  namespace === 'eip155'
    ? EIP155_REFERENCE.test(reference) && Number.isSafeInteger(Number(reference))
    : CAIP2_REFERENCE.test(reference)

const isValidAccountAddress = (namespace: ChainNamespace, address: string) =>
  namespace === 'eip155'
    ? isEip155Address(address)
    : namespace === 'solana'
      ? isSolanaAddress(address)
      : CAIP10_ADDRESS.test(address)

/**
 * An account from outside (a WalletConnect session, a wallet): behaviour §5 CAIP address (3 non-empty
 * parts, a known namespace), a chain reference of its namespace, and the namespace's address rule
 * (eip155: 40 hex with optional 0x, returned 0x-prefixed; Solana: 32–44 base58). Throws 'Invalid
 * CAIP Address' otherwise.
 */
export function parseCaipAccount(value: unknown): ParsedCaipAddress {
  if (typeof value !== 'string' || value.length > 256)
    throw new ChainError('INVALID_CAIP_ID', MESSAGES.invalidCaipAddress)
  const { namespace, chainId, address } = parseCaipAddress(value)
  if (!isValidReference(namespace, chainId) || !isValidAccountAddress(namespace, address)) {
    throw new ChainError('INVALID_CAIP_ID', MESSAGES.invalidCaipAddress)
  }
  const normalized = namespace === 'eip155' && !address.startsWith('0x') ? `0x${address}` : address
  return { namespace, chainId, address: normalized }
}
