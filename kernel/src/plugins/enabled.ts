import { PLUGIN_FEATURE_IDS, type PluginSource, type ResolvedOptions } from '@portico/shared-types'

export interface PluginPlan {
  id: string
  source: PluginSource
}

/**
 * Which plugins this modal uses and where each comes from. `features.<id>` gates every plugin:
 * off → never requested. Ids come from config data (built-in feature ids and `options.plugins`).
 */
export function planPlugins(options: ResolvedOptions): PluginPlan[] {
  const ids = [...new Set<string>([...PLUGIN_FEATURE_IDS, ...Object.keys(options.plugins ?? {})])]
  const plans: PluginPlan[] = []
  for (const id of ids) {
    const flag = options.features[id]
    const override = options.plugins?.[id]
    const enabled = Array.isArray(flag) ? flag.length > 0 : flag === undefined ? override !== undefined : flag
    if (!enabled) continue
    const source: PluginSource | undefined =
      override ??
      (options.pluginBaseUrl
        ? { url: `${options.pluginBaseUrl.replace(/\/$/, '')}/${id}/remoteEntry.js` }
        : undefined)
    if (source) plans.push({ id, source })
  }
  return plans
}
