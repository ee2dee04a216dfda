import { kindsOf } from '../connectors/kinds.ts'
import type { Kernel } from '../kernel.ts'
import { contextOf } from './report.ts'

/** Starts every kind's wallet discovery, in the registry's order; keeps `state.connectors` current. */
export function startConnectorDiscovery(kernel: Kernel, target: Window): void {
  const context = contextOf(kernel)
  for (const kind of kindsOf(kernel)) {
    const stop = kind.discover?.(context, target)
    if (stop) kernel.cleanups.push(stop)
  }
}
