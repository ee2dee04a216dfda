import type { Network } from '@portico/shared-types'
import { type Config, type CreateConfigParameters, createConfig, http, type Transport } from '@wagmi/core'
import { type Chain, defineChain } from 'viem'
import type { ModalHandle } from '../createModal.ts'
import { UsageError } from '../errors/usage.ts'
import { porticoConnector, requestedEip155Networks } from './connector.ts'

/** A Portico network as a viem chain (id, name, currency, RPC URLs, explorer). */
export function toViemChain(network: Network): Chain {
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet ? { testnet: true } : {}),
  })
}

export interface PorticoWagmiConfigParameters
  extends Partial<Omit<CreateConfigParameters, 'chains' | 'connectors' | 'client'>> {
  modal: ModalHandle
}

/**
 * A wagmi config whose only connector is Portico, over the eip155 networks the modal requested (HTTP
 * transports from their RPC URLs unless `transports` says otherwise).
 */
export function porticoWagmiConfig({ modal, transports, ...rest }: PorticoWagmiConfigParameters): Config {
  const chains = requestedEip155Networks(modal).map(toViemChain)
  const [first, ...others] = chains
  if (!first)
    throw new UsageError(
      'CONFIG_NO_EIP155_NETWORK',
      'Portico: porticoWagmiConfig needs at least one eip155 network in `networks`',
    )
  return createConfig({
    multiInjectedProviderDiscovery: false,
    ...rest,
    chains: [first, ...others],
    connectors: [porticoConnector({ modal })],
    transports: {
      ...Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])),
      ...transports,
    } as Record<number, Transport>,
  })
}
