/**
 * EIP-5792 wallet_getCapabilities of the dev wallet: `atomic` on every chain once delegates are
 * configured ('supported' where the chain's EIP-7702 delegate has code, else 'unsupported'), and
 * EIP-7811 `assetDiscovery` where assets are configured.
 */
import { type Address, type Hex, toHex } from 'viem'

export type AtomicStatus = 'supported' | 'unsupported'

export interface ChainCapabilities {
  atomic?: { status: AtomicStatus }
  assetDiscovery?: { supported: true }
}

export interface CapabilitySources {
  /** Every chain the wallet has an RPC URL for. */
  chains: readonly number[]
  assets?: ReadonlyMap<number, readonly Address[]> | undefined
  delegates?: ReadonlyMap<number, Address> | undefined
  /** Whether the chain's delegate is deployed (its code read from the chain). */
  delegateDeployed(chainId: number): Promise<boolean>
}

export async function walletCapabilities(
  sources: CapabilitySources,
  only?: readonly number[],
): Promise<Record<Hex, ChainCapabilities>> {
  const listed = sources.chains.filter(
    (id) => (sources.delegates !== undefined || sources.assets?.has(id)) && (!only || only.includes(id)),
  )
  const entries = await Promise.all(
    listed.map(async (id): Promise<[Hex, ChainCapabilities]> => {
      const capabilities: ChainCapabilities = {}
      if (sources.delegates)
        capabilities.atomic = { status: (await sources.delegateDeployed(id)) ? 'supported' : 'unsupported' }
      if (sources.assets?.has(id)) capabilities.assetDiscovery = { supported: true }
      return [toHex(id), capabilities]
    }),
  )
  return Object.fromEntries(entries)
}
