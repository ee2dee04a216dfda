/** The lazily loaded half of ./pluginConnectors.ts: checks and registers a ready plugin's connectors. */
import type { ChainNamespace, ConnectorContribution } from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import { lazyProvider } from './lazyProvider.ts'
import { followAccountDetails, followConnectorDetails } from './pluginAccountDetails.ts'
import { followPluginConnectorOwners } from './pluginConnectorOwners.ts'
import { MAX_CONNECTORS, registryOf } from './pluginConnectors.ts'

export { connectPluginSolana, restorePluginSolana } from './pluginConnectorsSolana.ts'

const ID_PATTERN = /^[A-Za-z0-9][\w.:-]{0,63}$/
/** behaviour §3: the auth connector supports only eip155 and solana. */
const SUPPORTED_CHAINS: ChainNamespace[] = ['eip155', 'solana']

function problemWith(kernel: Kernel, contribution: ConnectorContribution): string | undefined {
  if (typeof contribution?.id !== 'string' || !ID_PATTERN.test(contribution.id)) return 'an invalid id'
  if (typeof contribution.name !== 'string' || !contribution.name.trim() || contribution.name.length > 64)
    return 'an invalid name'
  if (contribution.chain !== 'eip155') return `an unsupported chain "${String(contribution.chain)}"`
  const chains: unknown = contribution.chains
  if (
    chains !== undefined &&
    (!Array.isArray(chains) ||
      !chains.includes(contribution.chain) ||
      chains.some((chain) => !(SUPPORTED_CHAINS as unknown[]).includes(chain)))
  )
    return `unsupported chains "${String(chains)}"`
  if (typeof contribution.load !== 'function') return 'no load()'
  if (contribution.type !== undefined && contribution.type !== 'AUTH' && contribution.type !== 'EXTERNAL')
    return `an unsupported type "${String(contribution.type)}"`
  const taken =
    kernel.providers.has(contribution.id) ||
    kernel.store.get().connectors.some((connector) => connector.id === contribution.id)
  if (taken) return `the id "${contribution.id}" of a connector already registered`
  if (registryOf(kernel).size >= MAX_CONNECTORS) return `more than ${MAX_CONNECTORS} plugin connectors`
  return undefined
}

/** Registers the connectors of a plugin that just became ready; returns how many were accepted. */
export function registerPluginConnectors(kernel: Kernel, pluginId: string): number {
  const ctx = kernel.plugins.contextOf(pluginId)
  if (!ctx) return 0
  followAccountDetails(kernel)
  followPluginConnectorOwners(kernel)
  let accepted = 0
  for (const contribution of kernel.plugins.contributions('connectors')) {
    if (contribution.pluginId !== pluginId) continue
    const problem = problemWith(kernel, contribution)
    if (problem) {
      kernel.log.error(
        `Portico: plugin "${pluginId}" contributes a connector with ${problem}; it is ignored.`,
      )
      continue
    }
    const { pluginId: _owner, ...own } = contribution
    registryOf(kernel).set(own.id, { pluginId, contribution: own })
    const provider = lazyProvider(() => own.load(ctx))
    followConnectorDetails(kernel, provider)
    kernel.providers.set(own.id, provider)
    kernel.store.update((draft) => {
      draft.connectors.push({
        id: own.id,
        type: own.type ?? 'AUTH',
        name: own.name,
        chain: own.chain,
        ...(own.imageUrl ? { imageUrl: own.imageUrl } : {}),
      })
    })
    accepted += 1
  }
  return accepted
}
