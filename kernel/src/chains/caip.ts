import {
  type CaipAddress,
  type CaipNetworkId,
  CHAIN_NAMESPACES,
  type ChainNamespace,
  MESSAGES,
  type ParsedCaipAddress,
} from '@portico/shared-types'

const isNamespace = (value: string): value is ChainNamespace =>
  (CHAIN_NAMESPACES as readonly string[]).includes(value)

/** SPEC §5: exactly 3 non-empty colon parts, the first a known namespace. */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  const parts = value.split(':')
  const [namespace, chainId, address] = parts
  if (parts.length !== 3 || !namespace || !chainId || !address || !isNamespace(namespace)) {
    throw new Error(MESSAGES.invalidCaipAddress)
  }
  return { namespace, chainId, address }
}

/** SPEC §5: a CAIP network id has 2 parts. */
export function parseCaipNetworkId(value: string): { namespace: ChainNamespace; chainId: string } {
  const parts = value.split(':')
  const [namespace, chainId] = parts
  if (parts.length !== 2 || !namespace || !chainId || !isNamespace(namespace)) {
    throw new Error(MESSAGES.invalidCaipAddress)
  }
  return { namespace, chainId }
}

export const toCaipNetworkId = (namespace: ChainNamespace, chainId: string | number): CaipNetworkId =>
  `${namespace}:${chainId}`

export const toCaipAddress = (caipNetworkId: CaipNetworkId, address: string): CaipAddress =>
  `${caipNetworkId}:${address}`

export const isEip155Address = (value: string): boolean => /^(0x)?[0-9a-fA-F]{40}$/.test(value)

export const isSolanaAddress = (value: string): boolean => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)
