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

/** The page scripts: the frame's own, and its passkey ceremony (loaded when the passkey view opens). */
export const PAGE_SCRIPTS = { frame: 'main.ts', passkey: 'passkeyPage.ts' } as const
export type PageScript = keyof typeof PAGE_SCRIPTS
/** What `npm run build:services` names each beside the service's bundle. */
export const BUILT_NAMES: Record<PageScript, string> = { frame: 'frame-page.js', passkey: 'frame-passkey.js' }

const cached = new Map<PageScript, Promise<FrameBundle>>()

/**
 * A page script: the one `npm run build:services` built beside the service's bundle (dist/), else
 * bundled once per process from src/frame/ (minified, ES2022).
 */
export function frameBundle(script: PageScript = 'frame'): Promise<FrameBundle> {
  let bundle = cached.get(script)
  if (!bundle) {
    bundle = (async () => {
      const code =
        (await readFile(join(import.meta.dirname, BUILT_NAMES[script]), 'utf8').catch(() => null)) ??
        (await bundleFromSource(PAGE_SCRIPTS[script]))
      const digest = createHash('sha384').update(code).digest()
      return {
        code,
        integrity: `sha384-${digest.toString('base64')}`,
        hash: digest.toString('hex').slice(0, 16),
      }
    })()
    cached.set(script, bundle)
    bundle.catch(() => cached.delete(script))
  }
  return bundle
}

/** esbuild only here: a service run from its build never loads it. */
async function bundleFromSource(entry: string): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    ...(pageBuild as BuildOptions),
    entryPoints: [join(import.meta.dirname, entry)],
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}
