import { createHash } from 'node:crypto'
import type { ConnectMethodPreview, PluginLoadOn } from '@portico/shared-types/plugin'
import type { Compiler } from '@rspack/core'

/** What Portico adds to a remote's `mf-manifest.json` (read by kernel/src/pluginHost/manifest.ts). */
export interface PorticoManifestFields {
  /** The plugin id; the kernel refuses a remote whose manifest names another. */
  id: string
  /** The plugin-API range the plugin was built for (its definePlugin `api`). */
  api: string
  /** The plugin package version. */
  version: string
  /** The remote entry file, relative to the manifest. */
  entry: string
  /** SRI (`sha384-…`) of the entry and of every other emitted .js file, by file name. */
  integrity: Record<string, string>
  /** A connect method's look before the code loads (the Connect view paints it from here). */
  preview?: ConnectMethodPreview
  /** When the code is needed while disconnected; absent: after the Connect view's first paint. */
  loadOn?: PluginLoadOn
}

export const MANIFEST_FILE = 'mf-manifest.json'

const sri = (content: Buffer | string) => `sha384-${createHash('sha384').update(content).digest('base64')}`

/**
 * Adds a `portico` object (id, api, version, SRI hashes of the final JS files) to the manifest
 * Module Federation emits. Runs after every other asset step, so the hashes are those of the bytes
 * written to disk (minified, with the chunk hashes the SubresourceIntegrityPlugin put in the entry).
 */
export class PorticoManifestPlugin {
  constructor(private readonly fields: Omit<PorticoManifestFields, 'integrity'>) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('PorticoManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PorticoManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        () => {
          const integrity: Record<string, string> = {}
          for (const asset of compilation.getAssets()) {
            if (asset.name.endsWith('.js')) integrity[asset.name] = sri(asset.source.buffer())
          }
          if (!integrity[this.fields.entry]) {
            compilation.errors.push(new compiler.webpack.WebpackError(`no ${this.fields.entry} emitted`))
            return
          }
          const existing = compilation.getAsset(MANIFEST_FILE)
          const manifest = existing ? JSON.parse(existing.source.source().toString()) : {}
          const portico: PorticoManifestFields = { ...this.fields, integrity }
          const source = new sources.RawSource(`${JSON.stringify({ ...manifest, portico }, null, 2)}\n`)
          if (existing) compilation.updateAsset(MANIFEST_FILE, source)
          else compilation.emitAsset(MANIFEST_FILE, source)
        },
      )
    })
  }
}
