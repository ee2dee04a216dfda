import { cpSync, rmSync } from 'node:fs'
import type { Compiler } from '@rspack/core'

/**
 * Copies a plugin's emitted remote into its package's `remote/` folder, which `npm pack` ships: the
 * published package carries the same bytes (and manifest hashes) as the build the repository serves.
 * Replaced whole on every build so no chunk of an older build lingers in a tarball.
 */
export class PackageRemoteCopyPlugin {
  constructor(private readonly packageRemoteDir: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('PackageRemoteCopyPlugin', (compilation) => {
      const outputDir = compilation.outputOptions.path
      if (!outputDir || compilation.errors.length > 0) return
      rmSync(this.packageRemoteDir, { recursive: true, force: true })
      cpSync(outputDir, this.packageRemoteDir, { recursive: true })
    })
  }
}
