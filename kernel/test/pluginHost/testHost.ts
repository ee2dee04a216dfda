/** Test only: a plugin host over a real store, view registry and bus, with a recording logger. */

import type { KernelState, ModalOptions } from '@portico/shared-types'
import { definePlugin, type PluginDefinition } from '@portico/shared-types/plugin'
import { vi } from 'vitest'
import { createEventBus } from '../../src/events/bus.ts'
import type { Kernel } from '../../src/kernel.ts'
import { resolveOptions } from '../../src/options.ts'
import { createPluginHost } from '../../src/pluginHost/host.ts'
import { createViewRegistry } from '../../src/router/registry.ts'
import { createInitialState } from '../../src/state/initialState.ts'
import { createStore } from '../../src/state/store.ts'
import { localNetwork } from '../testing.ts'

export const feature = (id: string): PluginDefinition =>
  definePlugin({
    id,
    api: '^1.0.0',
    views: { [`${id}View`]: { component: () => null, title: id } },
    contributes: { walletFeatures: [{ id, label: id, icon: 'send', view: `${id}View` }] },
  })

export function hostFor(options: Partial<ModalOptions>) {
  const app: ModalOptions = { projectId: 'p', networks: [localNetwork()], ...options }
  const store = createStore<KernelState>(createInitialState(resolveOptions(app), app))
  const views = createViewRegistry()
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const kernel = { store, views, bus: createEventBus(), log } as unknown as Kernel
  const contextFor = vi.fn((id: string) => ({ pluginId: id }) as never)
  const host = createPluginHost({
    kernel,
    contextFor,
    registerViews: (definition) => {
      for (const [name, view] of Object.entries(definition.views ?? {})) {
        views.register(name, { component: () => null, title: view.title, owner: definition.id })
      }
    },
  })
  return { host, store, views, log, contextFor }
}
