import type { PluginDefinition } from '@portico/shared-types'
import * as React from 'react'
import * as JsxRuntime from 'react/jsx-runtime'
import * as ReactDOM from 'react-dom'

type Federation = ReturnType<typeof import('@module-federation/enhanced/runtime').createInstance>

const RUNTIME_VERSION = '2.9.2'

let federation:
  | Promise<{ instance: Federation; satisfy: (version: string, range: string) => boolean }>
  | undefined

const singleton = (lib: object) => ({
  version: React.version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: false as const },
})

/** The federation runtime loads only when the first remote is needed. */
function getFederation() {
  federation ??= Promise.all([
    import('@module-federation/enhanced/runtime'),
    import('@module-federation/runtime-core'),
  ]).then(([{ createInstance, satisfy }, runtimeCore]) => {
    provideRuntimeToRemotes(runtimeCore)
    return {
      instance: createInstance({
        name: 'portico_host',
        remotes: [],
        shared: {
          react: singleton(React),
          'react-dom': singleton(ReactDOM),
          'react/jsx-runtime': singleton(JsxRuntime),
        },
      }),
      satisfy,
    }
  })
  return federation
}

/**
 * Remotes are built with `experiments.externalRuntime`: instead of each embedding ~33 KB of federation
 * runtime they use this one, published where the build plugin's provider would put it.
 */
function provideRuntimeToRemotes(runtimeCore: typeof import('@module-federation/runtime-core')) {
  const global = runtimeCore.Global as Record<string, unknown>
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore
  global._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'portico_host', version: RUNTIME_VERSION }
}

/** A remote built for plugin `id` must use the container name `portico_<id>` and expose `./plugin`. */
export const remoteName = (id: string) => `portico_${id.replace(/[^a-zA-Z0-9_]/g, '_')}`

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export async function loadRemotePlugin(
  id: string,
  url: string,
  timeoutMs: number,
): Promise<PluginDefinition> {
  const { instance } = await getFederation()
  const name = remoteName(id)
  // force: a retry after a failure must fetch the entry again instead of reusing the failed one.
  instance.registerRemotes([{ name, entry: url }], { force: true })
  const loaded = await withTimeout(
    instance.loadRemote<{ default?: unknown }>(`${name}/plugin`),
    timeoutMs,
    `remote did not load within ${timeoutMs} ms`,
  )
  const definition = loaded?.default
  if (!isPluginDefinition(definition))
    throw new Error('remote does not export a plugin definition as default')
  return definition
}

export async function apiSatisfies(version: string, range: string): Promise<boolean> {
  const { satisfy } = await getFederation()
  return satisfy(version, range)
}

function isPluginDefinition(value: unknown): value is PluginDefinition {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return typeof candidate.id === 'string' && typeof candidate.api === 'string'
}
