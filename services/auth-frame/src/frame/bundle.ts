import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BuildOptions } from 'esbuild'
// How the page script is built, here and by npm run build:services (minified ES2022; the workspace's
// TypeScript sources through the `source` condition: shared-types has no build in a fresh clone).
import pageBuild from './page-build.json' with { type: 'json' }

export interface FrameBundle {
  code: string
  /** Subresource integrity of `code` (sha384-…), put on the page's script tag. */
  integrity: string
  /** Short content hash, used in the script URL so caches never mix versions. */
  hash: string
}

let cached: Promise<FrameBundle> | undefined

/**
 * The frame page's script: the one `npm run build:services` built beside the service's bundle
 * (dist/frame-page.js), else bundled once per process from src/frame/main.ts (minified, ES2022).
 */
export function frameBundle(): Promise<FrameBundle> {
  cached ??= (async () => {
    const code =
      (await readFile(join(import.meta.dirname, 'frame-page.js'), 'utf8').catch(() => null)) ??
      (await bundleFromSource())
    const digest = createHash('sha384').update(code).digest()
    return {
      code,
      integrity: `sha384-${digest.toString('base64')}`,
      hash: digest.toString('hex').slice(0, 16),
    }
  })()
  cached.catch(() => {
    cached = undefined
  })
  return cached
}

/** esbuild only here: a service run from its build never loads it. */
async function bundleFromSource(): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    ...(pageBuild as BuildOptions),
    entryPoints: [join(import.meta.dirname, 'main.ts')],
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}
