import type { PluginContributions } from '@portico/shared-types/plugin'
import type { Contribution } from '../pluginHost/host.ts'
import { useKernel, useKernelState } from './context.tsx'

/** Contributions of ready plugins at `point`; re-renders when a plugin becomes ready or fails. */
export function useContributions<K extends keyof PluginContributions>(point: K): Contribution<K>[] {
  const { kernel } = useKernel()
  useKernelState((state) => state.plugins)
  return kernel.plugins.contributions(point)
}
