import type { PluginContext, PluginDefinition } from '@portico/shared-types/plugin'
import type { ViewProps, ViewRegistry } from '../router/registry.ts'

/** Registers a plugin's views, handing each its ctx. */
export function registerPluginViews(
  views: ViewRegistry,
  definition: PluginDefinition,
  ctx: PluginContext,
): void {
  for (const [name, view] of Object.entries(definition.views ?? {})) {
    const Component = view.component
    const Bound = ({ params }: ViewProps) => <Component ctx={ctx} params={params} />
    Bound.displayName = `${definition.id}:${name}`
    views.register(name, {
      component: Bound,
      title: view.title,
      owner: definition.id,
      ...(view.sensitive ? { sensitive: true } : {}),
    })
  }
}
