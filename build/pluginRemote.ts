import path from 'node:path'
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import type { Configuration } from '@rspack/core'
import { baseConfig, DIST } from './rspack.shared.ts'

/** React is always the host's (shared singleton, never bundled): a remote ships only its own code. */
const hostProvided = { singleton: true, import: false as const, requiredVersion: '^19.0.0' }

/**
 * A plugin as a federated remote: container `portico_<id>` exposing `./plugin`,
 * emitted to dist/plugins/<id>/remoteEntry.js (the default `<pluginBaseUrl>/<id>/remoteEntry.js`).
 */
export function pluginRemoteConfig(id: string, packageDir: string): Configuration {
  return {
    ...baseConfig(`plugin-${id}`),
    context: packageDir,
    entry: {},
    output: {
      path: path.join(DIST, 'plugins', id),
      publicPath: 'auto',
      uniqueName: `portico_${id}`,
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: `portico_${id}`,
        filename: 'remoteEntry.js',
        exposes: { './plugin': './src/index.ts' },
        shared: { react: hostProvided, 'react-dom': hostProvided, 'react/jsx-runtime': hostProvided },
        dts: false,
        manifest: false,
        // The kernel provides the federation runtime (kernel/src/plugins/federation.ts).
        experiments: {
          externalRuntime: true,
          // Browser-only remotes that consume (never provide) remotes of their own.
          optimization: { disableSnapshot: true, target: 'web', disableRemote: true },
        },
      }),
    ],
  }
}
