import { WALLET_FEATURE_ORDER } from '@portico/shared-types'
import {
  PLUGIN_API_VERSION,
  type PluginContext,
  type PluginContributions,
  type PluginDefinition,
} from '@portico/shared-types/plugin'
import type { Kernel } from '../kernel.ts'
import { whenIdle } from '../whenIdle.ts'
import { simpleSatisfies } from './apiRange.ts'
import { checkDefinition } from './definition.ts'
import { type PluginPlan, planPlugins, unconfiguredPlugins } from './enabled.ts'
import { PluginLoadError } from './errors.ts'
import { withTimeout } from './timeout.ts'
import { allowedOrigins } from './trust.ts'

type ContributionPoint = keyof PluginContributions
type ContributionOf<K extends ContributionPoint> = NonNullable<PluginContributions[K]>[number]
export type Contribution<K extends ContributionPoint> = ContributionOf<K> & { pluginId: string }

export interface PluginHost {
  /**
   * Loads every planned plugin (or those in `only`, less those in `except`) not ready or loading;
   * failed ones are retried.
   */
  ensureLoaded(only?: readonly string[], except?: readonly string[]): Promise<void>
  /**
   * Checks the manifests of the remotes not loaded yet (less those in `except`) and reads the entries of
   * those an open loads (`loadOn` open), the read their load reuses (idle time, hover); nothing is
   * evaluated and no chunk is fetched. Failures are left to the load that follows.
   */
  preload(except?: readonly string[]): Promise<void>
  /**
   * A disconnected open has painted: loads the pending plugins (less those in `except`) whose code that
   * view needs. A remote whose manifest has a preview (`loadOn` intent) is painted from it and loads on
   * the visitor's intent (ensureLoaded); one with `loadOn` idle is painted so too and loads when the
   * browser is idle; one needed only once connected (`loadOn` connect) loads then.
   */
  loadForOpen(except?: readonly string[]): Promise<void>
  contributions<K extends ContributionPoint>(point: K): Contribution<K>[]
  contextOf(id: string): PluginContext | undefined
  dispose(): void
}

interface PluginHostDeps {
  kernel: Pick<Kernel, 'store' | 'bus' | 'log' | 'views'>
  contextFor(id: string): PluginContext
  registerViews(definition: PluginDefinition, ctx: PluginContext): void
}

type Manifest = import('./manifest.ts').PluginManifest
type RemotePlan = PluginPlan & { source: { url: string; integrity?: string } }

const orderIndex = (id: string) => {
  const index = (WALLET_FEATURE_ORDER as readonly string[]).indexOf(id)
  return index === -1 ? WALLET_FEATURE_ORDER.length : index
}

/** When a remote's code is needed while disconnected (shared-types PluginLoadOn). */
const loadOnOf = (manifest: Manifest) => manifest.loadOn ?? (manifest.preview ? 'intent' : 'open')

/**
 * Whether this kernel provides the plugin API a definition asks for. The usual ranges are decided without
 * the federation runtime (apiRange.ts), so a bundled plugin never loads it; others take its full semver.
 */
async function apiRangeSatisfied(range: string): Promise<boolean> {
  const decided = simpleSatisfies(PLUGIN_API_VERSION, range)
  if (decided !== undefined) return decided
  const { apiSatisfies } = await import('./federation.ts')
  return apiSatisfies(PLUGIN_API_VERSION, range)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function createPluginHost({ kernel, contextFor, registerViews }: PluginHostDeps): PluginHost {
  const options = kernel.store.get().options
  const plans = planPlugins(options)
  const allowed = allowedOrigins(options)
  const ready = new Map<string, { definition: PluginDefinition; ctx: PluginContext; dispose?: () => void }>()
  const inFlight = new Map<string, Promise<void>>()
  /** Checked manifests, once per page load (a failed check is dropped so the next need retries). */
  const manifests = new Map<string, Promise<Manifest>>()
  /** Remotes not deployed or refused: reported once, never requested again on this page. */
  const settled = new Set<string>()
  /** Loads waiting for the browser to be idle (`loadOn` idle), cancelled by dispose. */
  const idleLoads = new Set<() => void>()
  let warnedUnconfigured = false

  const setStatus = (id: string, status: 'loading' | 'ready' | 'failed', error?: string) =>
    kernel.store.update((draft) => {
      const { preview, loadOn } = draft.plugins[id] ?? {}
      draft.plugins[id] = {
        status,
        ...(error ? { error } : {}),
        ...(preview ? { preview } : {}),
        ...(loadOn ? { loadOn } : {}),
      }
    })

  const remote = () => import('./remote.ts')

  function checkedManifest(plan: RemotePlan): Promise<Manifest> {
    let manifest = manifests.get(plan.id)
    if (!manifest) {
      const { url, integrity } = plan.source
      manifest = remote()
        .then((module) =>
          module.checkRemote({ id: plan.id, url, allowed, ...(integrity ? { integrity } : {}) }),
        )
        .then((checked) => {
          const { preview, loadOn } = checked
          if (preview || loadOn)
            kernel.store.update((draft) => {
              draft.plugins[plan.id] = {
                ...(draft.plugins[plan.id] ?? { status: 'idle' }),
                ...(preview ? { preview } : {}),
                ...(loadOn ? { loadOn } : {}),
              }
            })
          return checked
        })
      // A refusal on trust grounds stands for the page (the load reports it once, from this same
      // answer); any other failure is dropped so the next need asks again.
      manifest.catch((error: unknown) => {
        if ((error as Error | undefined)?.name !== 'RemoteRefusedError') manifests.delete(plan.id)
      })
      manifests.set(plan.id, manifest)
    }
    return manifest
  }

  /** What the plugin's source yields, unchecked: the app's bundled object or the remote's export. */
  async function resolveDefinition(plan: PluginPlan): Promise<unknown> {
    if ('definition' in plan.source) return plan.source.definition
    const manifest = await checkedManifest(plan as RemotePlan)
    const module = await remote()
    await module.assertApiRange(manifest)
    module.preloadRemote(manifest, { withEntry: false, withChunks: true })
    return module.loadCheckedRemote(plan.id, manifest)
  }

  async function load(plan: PluginPlan): Promise<void> {
    setStatus(plan.id, 'loading')
    const timeout = kernel.store.get().options.pluginLoadTimeoutMs
    let setup: Promise<(() => void) | undefined> | undefined
    const resolving = resolveDefinition(plan)
    let arrived = false
    try {
      const exported = await withTimeout(resolving, timeout, `remote did not load within ${timeout} ms`)
      arrived = true
      // Bundled and remote plugins from here on take one path: the same checks, context, views and setup.
      const definition = checkDefinition(plan.id, exported)
      if (!(await apiRangeSatisfied(definition.api))) {
        throw new PluginLoadError(
          'PLUGIN_API_MISMATCH',
          `needs plugin API ${definition.api}, this kernel provides ${PLUGIN_API_VERSION}`,
        )
      }
      const ctx = contextFor(plan.id)
      registerViews(definition, ctx)
      // A setup that never settles falls under the same timeout as the load and is retried like it.
      setup = Promise.resolve().then(async () => (await definition.setup?.(ctx)) ?? undefined)
      const dispose = await withTimeout(setup, timeout, `setup() did not settle within ${timeout} ms`)
      ready.set(plan.id, { definition, ctx, ...(dispose ? { dispose } : {}) })
      setStatus(plan.id, 'ready')
      kernel.bus.emit('PLUGIN_READY', { id: plan.id })
    } catch (error) {
      // A setup that settles after its timeout is undone: the plugin was given up and will start again.
      setup
        ?.then(
          (late) => typeof late === 'function' && late(),
          () => {},
        )
        .catch(() => {})
      kernel.views.removeOwner(plan.id)
      manifests.delete(plan.id)
      reportFailure(plan, error)
      // A slow remote (a slow network, a busy device) is not given up: when it arrives after all, the
      // plugin starts then and its features appear in the open modal, without waiting for another open.
      if (!arrived)
        resolving.then(
          () => {
            if (!settled.has(plan.id) && kernel.store.get().plugins[plan.id]?.status === 'failed')
              void ensure([plan])
          },
          () => {},
        )
    }
  }

  function reportFailure(plan: PluginPlan, error: unknown): void {
    const message = messageOf(error)
    const where = 'url' in plan.source ? ` from ${plan.source.url}` : ''
    const name = error instanceof Error ? error.name : ''
    // A default remote (`<pluginBaseUrl>/<id>`) that is not deployed is one warning; a URL the host
    // gave explicitly is an error, retried on the next need like any failed load.
    if (name === 'RemoteUnavailableError' && !options.plugins?.[plan.id]) {
      settled.add(plan.id)
      kernel.log.warn(
        `Portico: feature "${plan.id}" is on but its plugin is not available: ${message}. ` +
          `It is hidden; turn features.${plan.id} off or set plugins.${plan.id}.`,
      )
    } else if (name === 'RemoteRefusedError') {
      // Refused on trust grounds: asking again on every open cannot help; a fixed redeploy is picked up
      // on the next page load.
      settled.add(plan.id)
      kernel.log.error(
        `Portico: plugin "${plan.id}"${where} was refused: ${message}. Its features are hidden; the rest of the modal works.`,
      )
    } else {
      kernel.log.error(
        `Portico: plugin "${plan.id}" failed to load${where}: ${message}. Its features are hidden.`,
      )
    }
    setStatus(plan.id, 'failed', message)
    kernel.bus.emit('PLUGIN_FAILED', { id: plan.id, message })
  }

  function warnUnconfigured(): void {
    if (warnedUnconfigured) return
    warnedUnconfigured = true
    const missing = unconfiguredPlugins(options)
    if (missing.length === 0) return
    kernel.log.warn(
      `Portico: features on without a plugin remote (set pluginBaseUrl or plugins.<id>, or turn them off): ${missing.join(', ')}.`,
    )
  }

  const pendingPlans = () =>
    plans.filter((plan) => !settled.has(plan.id) && kernel.store.get().plugins[plan.id]?.status !== 'ready')

  async function ensure(wanted: PluginPlan[]): Promise<void> {
    await Promise.all(
      wanted.map((plan) => {
        let loading = inFlight.get(plan.id)
        if (!loading) {
          loading = load(plan).finally(() => inFlight.delete(plan.id))
          inFlight.set(plan.id, loading)
        }
        return loading
      }),
    )
  }

  return {
    async loadForOpen(except) {
      warnUnconfigured()
      const wanted = pendingPlans().filter((plan) => !except?.includes(plan.id))
      await Promise.all(
        wanted.map(async (plan) => {
          if ('url' in plan.source) {
            // A manifest that fails to load is reported by the load below, as on any open.
            const manifest = await checkedManifest(plan as RemotePlan).catch(() => undefined)
            // Its preview is painted; its code comes while the visitor reads, ready for the press.
            if (manifest && loadOnOf(manifest) === 'idle') {
              const cancel = whenIdle(() => {
                idleLoads.delete(cancel)
                void ensure([plan])
              })
              idleLoads.add(cancel)
              return
            }
            if (manifest && loadOnOf(manifest) !== 'open') return
          }
          await ensure([plan])
        }),
      )
    },
    async ensureLoaded(only, except) {
      warnUnconfigured()
      const wanted = pendingPlans().filter(
        (plan) => (!only || only.includes(plan.id)) && !except?.includes(plan.id),
      )
      await ensure(wanted)
    },
    async preload(except) {
      const remotes = pendingPlans().filter(
        (plan): plan is RemotePlan => 'url' in plan.source && !except?.includes(plan.id),
      )
      await Promise.all(
        remotes.map(async (plan) => {
          try {
            const manifest = await checkedManifest(plan)
            // The manifest is what paints a previewed method; its entry waits for the visitor's intent.
            if (loadOnOf(manifest) === 'open') (await remote()).preloadRemote(manifest)
          } catch {
            // Reported by the load that needs this plugin.
          }
        }),
      )
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
      for (const cancel of idleLoads) cancel()
      idleLoads.clear()
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
