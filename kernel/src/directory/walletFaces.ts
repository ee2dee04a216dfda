/**
 * One wallet, many namespaces: an extension announces its EVM side over EIP-6963 and registers its
 * Solana or Bitcoin side as a Wallet Standard wallet, each a connector of its own. The visitor sees one
 * wallet, so the Connect view lists one row per wallet with its namespaces as badges. Connectors are the
 * same wallet when their names match; a second connector of the same name *and* namespace is another
 * wallet (an impostor reusing a known name is not hidden behind the real one's row).
 */
import type { ChainNamespace } from '@portico/shared-types'

interface Face {
  name: string
  chain: ChainNamespace
}

const walletKey = (name: string) => name.trim().toLowerCase()

/** `faces` grouped per wallet, in the order each wallet first appears; within one, in the given order. */
export function groupByWallet<T extends Face>(faces: readonly T[]): T[][] {
  const groups: T[][] = []
  for (const face of faces) {
    const group = groups.find(
      (candidate) =>
        walletKey(candidate[0]?.name ?? '') === walletKey(face.name) &&
        !candidate.some((member) => member.chain === face.chain),
    )
    if (group) group.push(face)
    else groups.push([face])
  }
  return groups
}

/**
 * The namespaces a row shows as badges: none for a wallet of the EVM only (the modal's default, so a
 * badge would say nothing), otherwise every namespace it offers.
 */
export function namespaceBadges<T extends ChainNamespace>(chains: readonly T[]): T[] {
  return chains.length === 1 && chains[0] === 'eip155' ? [] : [...chains]
}
