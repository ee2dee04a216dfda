import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import { type Configuration, NormalModuleReplacementPlugin, SubresourceIntegrityPlugin } from '@rspack/core'
import { pluginTrustedTypesPolicy } from '../shared-types/src/trustedTypes.ts'
import { PackageRemoteCopyPlugin } from './packageRemoteCopy.ts'
import { type PorticoManifestFields, PorticoManifestPlugin } from './pluginManifest.ts'
import { baseConfig, DIST } from './rspack.shared.ts'

/** React is always the host's (shared singleton, never bundled; 18 or 19, as the kernel supports): a remote ships only its own code. */
const hostProvided = { singleton: true, import: false as const, requiredVersion: '^18.0.0 || ^19.0.0' }

export interface PluginRemoteOptions {
  /** Output directory; default dist/plugins/<id>. */
  outputPath?: string
  /**
   * Where the package's copy of the remote goes (shipped by `npm pack`); default `<packageDir>/remote`
   * when outputPath is the default, none otherwise (fixtures built elsewhere have no package to ship).
   */
  packageRemoteDir?: string
  /** Version written to the manifest; default the package.json version. */
  version?: string
  /** Plugin-API range written to the manifest; default the `api: '…'` of src/index.ts. */
  api?: string
  /** Exposed module; default ./src/index.ts. */
  expose?: string
  /** Written to the manifest: what the kernel paints before the code loads, and when it loads. */
  preview?: PorticoManifestFields['preview']
  loadOn?: PorticoManifestFields['loadOn']
}

/** The `api` range a plugin's definePlugin declares, read from its source (the manifest must agree). */
function declaredApi(file: string): string {
  const match = /\bapi:\s*['"]([^'"]+)['"]/.exec(readFileSync(file, 'utf8'))
  if (!match?.[1]) throw new Error(`${file}: no \`api: '<range>'\` in definePlugin; pass options.api`)
  return match[1]
}

/**
 * A plugin as a federated remote: container `portico_<id>` exposing `./plugin`, emitted to
 * dist/plugins/<id>/ (the default `<pluginBaseUrl>/<id>/remoteEntry.js`) with an `mf-manifest.json`
 * carrying the plugin id, api range, version and the SRI hash of every JS file. Chunks are
 * content-hashed and loaded with `integrity` (hashes inside remoteEntry.js), so pinning the entry's
 * hash pins the whole remote; the entry keeps its stable name so a redeploy is picked up in place.
 */
export function pluginRemoteConfig(
  id: string,
  packageDir: string,
  options: PluginRemoteOptions = {},
): Configuration {
  const expose = options.expose ?? './src/index.ts'
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string }
  const version = options.version ?? pkg.version ?? '0.0.0'
  const api = options.api ?? declaredApi(path.resolve(packageDir, expose))
  const packageRemoteDir =
    options.packageRemoteDir ?? (options.outputPath ? undefined : path.join(packageDir, 'remote'))
  return {
    ...baseConfig(`plugin-${id}`),
    context: packageDir,
    entry: {},
    output: {
      path: options.outputPath ?? path.join(DIST, 'plugins', id),
      publicPath: 'auto',
      uniqueName: `portico_${id}`,
      chunkFilename: '[name].[contenthash:8].js',
      // Chunk scripts carry `integrity` and are fetched with CORS (required for SRI across origins).
      crossOriginLoading: 'anonymous',
      // Under a page's Trusted Types enforcement the chunk scripts' URLs go through a policy named for
      // the plugin (the page lists it in `trusted-types`); 'continue': a page that names it nowhere but
      // does not require Trusted Types either still loads the plugin.
      trustedTypes: { policyName: pluginTrustedTypesPolicy(id), onPolicyCreationFailure: 'continue' },
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: `portico_${id}`,
        filename: 'remoteEntry.js',
        exposes: { './plugin': expose },
        shared: { react: hostProvided, 'react-dom': hostProvided, 'react/jsx-runtime': hostProvided },
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        // The kernel provides the federation runtime (kernel/src/pluginHost/federation.ts).
        experiments: {
          externalRuntime: true,
          // Browser-only remotes that consume (never provide) remotes of their own.
          optimization: { disableSnapshot: true, target: 'web', disableRemote: true },
        },
      }),
      new NormalModuleReplacementPlugin(
        /@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/](index|bundler)\.c?js$/,
        path.join(import.meta.dirname, 'hostFederationRuntime.ts'),
      ),
      new SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], htmlPlugin: false, enabled: true }),
      new PorticoManifestPlugin({
        id,
        api,
        version,
        entry: 'remoteEntry.js',
        ...(options.preview ? { preview: options.preview } : {}),
        ...(options.loadOn ? { loadOn: options.loadOn } : {}),
      }),
      ...(packageRemoteDir ? [new PackageRemoteCopyPlugin(packageRemoteDir)] : []),
    ],
  }
}
