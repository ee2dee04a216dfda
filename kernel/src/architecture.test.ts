import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    return statSync(full).isDirectory() ? sources(full) : /\.tsx?$/.test(name) ? [full] : []
  })
}

const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? '',
  )

const TESTING_KIT_KERNEL_IMPORT = '../../../kernel/src/chains/helpers/index.ts'

describe('architecture (DESIGN §1–2)', () => {
  it('the kernel imports no plugin', () => {
    const offenders = sources(path.join(ROOT, 'kernel/src')).flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith('@portico/plugin-') || /(^|\/)plugins\/[^/]+\/src/.test(spec))
        .map((spec) => `${path.relative(ROOT, file)} → ${spec}`),
    )
    expect(offenders).toEqual([])
  })

  it('plugins import no kernel internals, only @portico/shared-types and react', () => {
    const offenders = readdirSync(path.join(ROOT, 'plugins')).flatMap((plugin) =>
      sources(path.join(ROOT, 'plugins', plugin, 'src')).flatMap((file) =>
        imports(file)
          .filter(
            (spec) =>
              spec === '@portico/kernel' ||
              spec.startsWith('@portico/kernel/') ||
              spec.includes('kernel/src'),
          )
          // The test kit (never a remote) gives fake contexts the kernel's real chain helpers.
          .filter((spec) => !(plugin === 'testing' && spec === TESTING_KIT_KERNEL_IMPORT))
          .map((spec) => `${path.relative(ROOT, file)} → ${spec}`),
      ),
    )
    expect(offenders).toEqual([])
  })
})
