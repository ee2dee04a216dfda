/**
 * Bundled into every plugin remote in place of @module-federation/webpack-bundler-runtime (which would
 * bring ~10 KB gzip of federation runtime, SDK and error codes into each remoteEntry.js): the remote
 * uses the host's copy, which the Portico kernel publishes before it loads the first remote
 * (kernel/src/pluginHost/federation.ts). Each remote gets its own option and share-scope objects, as it
 * would with its own bundled copy; only the stateless functions are shared.
 */
const HOST_BUNDLER_RUNTIME_KEY = '_PORTICO_FEDERATION_BUNDLER_RUNTIME'

interface HostBundlerRuntime {
  runtime: unknown
  bundlerRuntime: Record<string, unknown>
  attachShareScopeMap?: unknown
}

const host = (globalThis as Record<string, unknown>)[HOST_BUNDLER_RUNTIME_KEY] as
  | HostBundlerRuntime
  | undefined
if (!host?.bundlerRuntime)
  throw new Error('This Portico plugin loads only through a Portico host (@portico/kernel)')

export default {
  runtime: host.runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...host.bundlerRuntime, S: {} },
  attachShareScopeMap: host.attachShareScopeMap,
  bundlerRuntimeOptions: {},
}
