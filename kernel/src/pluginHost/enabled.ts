import { PLUGIN_FEATURE_IDS, type PluginSource, type ResolvedOptions } from '@portico/shared-types'
import type { PluginDefinition } from '@portico/shared-types/plugin'
import { resolveAgainstPage } from './trust.ts'

/** Where a planned plugin comes from: a remote, or an object the app bundled (checked when it loads). */
export type PlannedSource = { url: string; integrity?: string } | { definition: PluginDefinition }

export interface PluginPlan {
  id: string
  source: PlannedSource
}

/**
 * `plugins.<id>` as given: a bundled definition passed as itself is `{ definition }` from here on, a
 * relative URL is resolved against the page.
 */
function plannedSource(given: PluginSource): PlannedSource {
  if ('url' in given) return { ...given, url: resolveAgainstPage(given.url) }
  return 'definition' in given ? given : { definition: given }
}

function pluginIds(options: ResolvedOptions): string[] {
  return [...new Set<string>([...PLUGIN_FEATURE_IDS, ...Object.keys(options.plugins ?? {})])]
}

function isEnabled(options: ResolvedOptions, id: string): boolean {
  const flag = options.features[id]
  const override = options.plugins?.[id]
  return Array.isArray(flag) ? flag.length > 0 : flag === undefined ? override !== undefined : flag
}

function sourceOf(options: ResolvedOptions, id: string): PlannedSource | undefined {
  const given = options.plugins?.[id]
  if (given) return plannedSource(given)
  return options.pluginBaseUrl
    ? { url: resolveAgainstPage(`${options.pluginBaseUrl.replace(/\/$/, '')}/${id}/remoteEntry.js`) }
    : undefined
}

/**
 * Which plugins this modal uses and where each comes from. `features.<id>` gates every plugin:
 * off → never requested. Ids come from config data (built-in feature ids and `options.plugins`).
 */
export function planPlugins(options: ResolvedOptions): PluginPlan[] {
  const plans: PluginPlan[] = []
  for (const id of pluginIds(options)) {
    const source = isEnabled(options, id) ? sourceOf(options, id) : undefined
    if (source) plans.push({ id, source })
  }
  return plans
}

/** Features that are on but have no remote to come from (no pluginBaseUrl, no plugins.<id>). */
export function unconfiguredPlugins(options: ResolvedOptions): string[] {
  return pluginIds(options).filter((id) => isEnabled(options, id) && !sourceOf(options, id))
}
