import * as React from 'react'
import * as JsxRuntime from 'react/jsx-runtime'
import * as ReactDOM from 'react-dom'
import { PluginLoadError } from './errors.ts'
import { trustedScriptUrl } from './trustedScriptUrl.ts'

type Runtime = typeof import('@module-federation/runtime')
type BundlerRuntime = typeof import('@module-federation/webpack-bundler-runtime')
type Federation = ReturnType<Runtime['createInstance']>
type RuntimePlugin = import('@module-federation/runtime').ModuleFederationRuntimePlugin

const RUNTIME_VERSION = '2.9.2'

/**
 * The SRI hash each remote entry must match, by entry URL, set from a checked manifest before the
 * remote is registered. The entry's script carries it (`integrity` + `crossorigin`), so Chromium itself
 * refuses a tampered entry; the entry holds the hashes of its chunks (SubresourceIntegrityPlugin), so a
 * tampered chunk is refused the same way.
 */
const entryIntegrity = new Map<string, string>()

const integrityPlugin: RuntimePlugin = {
  name: 'portico-integrity',
  // Fail closed: no remote entry loads without a checked manifest.
  loadEntry({ remoteInfo }) {
    if (!entryIntegrity.has(remoteInfo.entry))
      throw new PluginLoadError('PLUGIN_ENTRY_UNCHECKED', `${remoteInfo.entry} has no checked manifest`)
    return undefined
  },
  createScript({ url }) {
    const integrity = entryIntegrity.get(url)
    if (!integrity) return undefined
    const script = document.createElement('script')
    // A TrustedScriptURL where the page requires Trusted Types (trustedScriptUrl.ts); a string elsewhere.
    ;(script as { src: unknown }).src = trustedScriptUrl(url, (candidate) => entryIntegrity.has(candidate))
    script.integrity = integrity
    script.crossOrigin = 'anonymous'
    return script
  },
}

let federation: Promise<{ instance: Federation; satisfy: Runtime['satisfy'] }> | undefined

const singleton = (lib: object) => ({
  version: React.version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: false as const },
})

/** The federation runtime loads only when the first remote is needed. */
function getFederation() {
  // The bundler runtime (which remotes use too) re-exports the runtime: one chunk, one copy.
  federation ??= Promise.all([
    import('@module-federation/webpack-bundler-runtime'),
    import('@module-federation/runtime-core'),
  ]).then(([bundlerRuntime, runtimeCore]) => {
    const { createInstance, satisfy } = bundlerRuntime.runtime
    provideRuntimeToRemotes(runtimeCore, bundlerRuntime)
    return {
      instance: createInstance({
        name: 'portico_host',
        remotes: [],
        plugins: [integrityPlugin],
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

/** Where remotes built by build/pluginRemote.ts read the host's bundler runtime (build/hostFederationRuntime.ts). */
export const HOST_BUNDLER_RUNTIME_KEY = '_PORTICO_FEDERATION_BUNDLER_RUNTIME'

/**
 * Remotes are built with `experiments.externalRuntime` and with the bundler runtime swapped for a
 * reader of this one: instead of each embedding ~33 KB gzip (or ~10 KB with runtime-core external)
 * of federation runtime, their remoteEntry.js is ~3.5 KB of glue and they use the kernel's copy.
 */
function provideRuntimeToRemotes(
  runtimeCore: typeof import('@module-federation/runtime-core'),
  bundlerRuntime: BundlerRuntime,
) {
  const global = runtimeCore.Global as Record<string, unknown>
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore
  global._FEDERATION_RUNTIME_CORE_FROM ??= { name: 'portico_host', version: RUNTIME_VERSION }
  global[HOST_BUNDLER_RUNTIME_KEY] ??= Object.freeze({
    version: RUNTIME_VERSION,
    runtime: bundlerRuntime.runtime,
    bundlerRuntime: Object.freeze({ ...bundlerRuntime.bundlerRuntime }),
    attachShareScopeMap: bundlerRuntime.attachShareScopeMap,
  })
}

/** A remote built for plugin `id` must use the container name `portico_<id>` and expose `./plugin`. */
export const remoteName = (id: string) => `portico_${id.replace(/[^a-zA-Z0-9_]/g, '_')}`

/**
 * Evaluates a remote whose manifest was checked: its entry loads only with the given SRI hash. Resolves
 * to the module's default export, unchecked: the host checks it as it checks a bundled plugin
 * (definition.ts).
 */
export async function evaluateRemote(id: string, entryUrl: string, integrity: string): Promise<unknown> {
  const { instance } = await getFederation()
  const name = remoteName(id)
  entryIntegrity.set(entryUrl, integrity)
  // force: a retry after a failure must fetch the entry again instead of reusing the failed one.
  instance.registerRemotes([{ name, entry: entryUrl }], { force: true })
  const loaded = await instance.loadRemote<{ default?: unknown }>(`${name}/plugin`)
  return loaded?.default
}

/**
 * Starts fetching the runtime without waiting for it: a remote's load asks for it alongside the remote's
 * own files rather than after them. A failure is the load's to report.
 */
export function prepareFederation(): void {
  getFederation().catch(() => undefined)
}

export async function apiSatisfies(version: string, range: string): Promise<boolean> {
  const { satisfy } = await getFederation()
  return satisfy(version, range)
}
