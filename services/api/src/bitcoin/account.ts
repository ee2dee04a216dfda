import { decodeSegwitAddress, toBcoinAddress } from '@portico/devnet/bitcoin-address'
import { badRequest } from '../http/errors.ts'

export interface BitcoinAccount {
  networkId: string
  /** The address as the user and wallet write it (BIP-173/350). */
  address: string
  /** The same address as the node indexes it (bcoin writes taproot in bech32). */
  nodeAddress: string
}

const CAIP10_BIP122 = /^bip122:[0-9a-f]{32}:[a-zA-Z0-9]{14,90}$/

export const isBip122Account = (raw: string): boolean => raw.startsWith('bip122:')

/**
 * The bip122 CAIP-10 account a balance or history call is about: the path names it (bip122:…:addr),
 * or a bare address comes with a bip122 `chainId` (as the kernel's balance fetcher asks); else none.
 */
export function bip122Account(raw: string, chainId: string | undefined): string | undefined {
  if (isBip122Account(raw)) return raw
  return chainId?.startsWith('bip122:') ? `${chainId}:${raw}` : undefined
}

/**
 * A bip122 CAIP-10 account on the configured node's network, with a valid segwit address of the
 * network's bech32 prefix; anything else is a 400 naming what was expected.
 */
export function parseBitcoinAccount(raw: string, networkId: string, prefix: string): BitcoinAccount {
  if (!CAIP10_BIP122.test(raw)) {
    throw badRequest(`Invalid address "${raw.slice(0, 120)}": expected bip122:<32 hex characters>:<address>`)
  }
  const address = raw.slice(raw.lastIndexOf(':') + 1)
  const network = raw.slice(0, raw.lastIndexOf(':'))
  if (network !== networkId) throw badRequest(`Network not supported: ${network} (served: ${networkId})`)
  const decoded = decodeSegwitAddress(address)
  const nodeAddress = toBcoinAddress(address)
  if (!decoded || !nodeAddress || decoded.prefix !== prefix) {
    throw badRequest(`Invalid address "${address}": expected a segwit address starting ${prefix}1`)
  }
  return { networkId, address, nodeAddress }
}
