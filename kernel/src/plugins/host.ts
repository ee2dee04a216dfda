import {
  PLUGIN_API_VERSION,
  type PluginContext,
  type PluginContributions,
  type PluginDefinition,
  WALLET_FEATURE_ORDER,
} from '@portico/shared-types'
import type { Kernel } from '../kernel.ts'
import { type PluginPlan, planPlugins } from './enabled.ts'
import { apiSatisfies, loadRemotePlugin } from './federation.ts'

type ContributionPoint = keyof PluginContributions
type ContributionOf<K extends ContributionPoint> = NonNullable<PluginContributions[K]>[number]
export type Contribution<K extends ContributionPoint> = ContributionOf<K> & { pluginId: string }

export interface PluginHost {
  /** Loads every planned plugin that is not ready or loading; failed ones are retried. */
  ensureLoaded(): Promise<void>
  contributions<K extends ContributionPoint>(point: K): Contribution<K>[]
  contextOf(id: string): PluginContext | undefined
  dispose(): void
}

interface PluginHostDeps {
  kernel: Pick<Kernel, 'store' | 'bus' | 'log' | 'views'>
  contextFor(id: string): PluginContext
  registerViews(definition: PluginDefinition, ctx: PluginContext): void
}

const orderIndex = (id: string) => {
  const index = (WALLET_FEATURE_ORDER as readonly string[]).indexOf(id)
  return index === -1 ? WALLET_FEATURE_ORDER.length : index
}

export function createPluginHost({ kernel, contextFor, registerViews }: PluginHostDeps): PluginHost {
  const plans = planPlugins(kernel.store.get().options)
  const ready = new Map<string, { definition: PluginDefinition; ctx: PluginContext; dispose?: () => void }>()
  const inFlight = new Map<string, Promise<void>>()

  const setStatus = (id: string, status: 'loading' | 'ready' | 'failed', error?: string) =>
    kernel.store.update((draft) => {
      draft.plugins[id] = error ? { status, error } : { status }
    })

  async function resolveDefinition(plan: PluginPlan): Promise<PluginDefinition> {
    const timeout = kernel.store.get().options.pluginLoadTimeoutMs
    return 'definition' in plan.source
      ? plan.source.definition
      : loadRemotePlugin(plan.id, plan.source.url, timeout)
  }

  async function load(plan: PluginPlan): Promise<void> {
    setStatus(plan.id, 'loading')
    try {
      const definition = await resolveDefinition(plan)
      if (definition.id !== plan.id) throw new Error(`remote declares id "${definition.id}"`)
      if (!(await apiSatisfies(PLUGIN_API_VERSION, definition.api))) {
        throw new Error(`needs plugin API ${definition.api}, this kernel provides ${PLUGIN_API_VERSION}`)
      }
      const ctx = contextFor(plan.id)
      registerViews(definition, ctx)
      const dispose = (await definition.setup?.(ctx)) ?? undefined
      ready.set(plan.id, { definition, ctx, ...(dispose ? { dispose } : {}) })
      setStatus(plan.id, 'ready')
      kernel.bus.emit('PLUGIN_READY', { id: plan.id })
    } catch (error) {
      kernel.views.removeOwner(plan.id)
      const message = error instanceof Error ? error.message : String(error)
      const where = 'url' in plan.source ? ` from ${plan.source.url}` : ''
      kernel.log.error(
        `Portico: plugin "${plan.id}" failed to load${where}: ${message}. Its features are hidden.`,
      )
      setStatus(plan.id, 'failed', message)
      kernel.bus.emit('PLUGIN_FAILED', { id: plan.id, message })
    }
  }

  return {
    async ensureLoaded() {
      const pending = plans.map((plan) => {
        const status = kernel.store.get().plugins[plan.id]?.status
        if (status === 'ready') return Promise.resolve()
        let loading = inFlight.get(plan.id)
        if (!loading) {
          loading = load(plan).finally(() => inFlight.delete(plan.id))
          inFlight.set(plan.id, loading)
        }
        return loading
      })
      await Promise.all(pending)
    },
    contributions(point) {
      const items = plans.flatMap((plan) => {
        const entry = ready.get(plan.id)
        const list = (entry?.definition.contributes?.[point] ?? []) as ContributionOf<typeof point>[]
        return list.map((item) => ({ ...item, pluginId: plan.id }))
      })
      if (point === 'walletFeatures') items.sort((a, b) => orderIndex(a.id) - orderIndex(b.id))
      return items as Contribution<typeof point>[]
    },
    contextOf: (id) => ready.get(id)?.ctx,
    dispose() {
      for (const [id, entry] of ready) {
        try {
          entry.dispose?.()
        } catch (error) {
          kernel.log.error(`Portico: plugin "${id}" failed to dispose`, error)
        }
      }
      ready.clear()
    },
  }
}
