import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The public API of @portico/kernel, every entry of its package.json, listed by name and pinned: a name
// added, removed or turned from a value into a type shows up in review as a change to kernel/test/publicApi/.
const kernelDir = path.resolve(import.meta.dirname, '..')
const packageJson = JSON.parse(readFileSync(path.join(kernelDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { source?: string }>
}
const entries = Object.entries(packageJson.exports).flatMap(([subpath, target]) =>
  typeof target === 'object' && target.source ? [{ subpath, source: target.source }] : [],
)

interface ExportedName {
  name: string
  kind: 'type' | 'value'
}

const specifierList = /export\s+(type\s+)?\{([^}]*)\}/g
const declaration =
  /export\s+(?:declare\s+)?(const|let|function|class|async function|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g

/** The names an entry's source exports. Entries re-export by name only, so this reading is complete. */
function exportedNames(source: string): ExportedName[] {
  const names: ExportedName[] = []
  for (const [, typeOnly, list = ''] of source.matchAll(specifierList)) {
    for (const raw of list.split(',')) {
      const specifier = raw.trim()
      if (!specifier) continue
      const isType = Boolean(typeOnly) || specifier.startsWith('type ')
      const name =
        specifier
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()
          ?.trim() ?? ''
      names.push({ name, kind: isType ? 'type' : 'value' })
    }
  }
  for (const [, keyword, name = ''] of source.matchAll(declaration)) {
    names.push({ name, kind: keyword === 'interface' || keyword === 'type' ? 'type' : 'value' })
  }
  return names.sort((a, b) => a.name.localeCompare(b.name))
}

describe('the public API of @portico/kernel', () => {
  it('has entries to pin', () => {
    expect(entries.map((entry) => entry.subpath)).toEqual([
      '.',
      './react',
      './wagmi',
      './ssr',
      './standalone',
    ])
  })

  describe.each(entries)('$subpath', ({ subpath, source }) => {
    const file = path.join(kernelDir, source)
    const text = readFileSync(file, 'utf8')

    it('re-exports by name, never a whole module', () => {
      expect(text).not.toMatch(/export\s+(type\s+)?\*/)
    })

    it('exports the names listed in kernel/test/publicApi', async () => {
      const listing = exportedNames(text)
        .map((entry) => `${entry.kind} ${entry.name}`)
        .join('\n')
      const snapshotName = subpath === '.' ? 'index' : subpath.slice(2)
      await expect(`${listing}\n`).toMatchFileSnapshot(
        path.join(kernelDir, 'test/publicApi', `${snapshotName}.txt`),
      )
    })

    it('has at run time exactly the values it lists', { timeout: 60_000 }, async () => {
      const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>
      const values = exportedNames(text)
        .filter((entry) => entry.kind === 'value')
        .map((entry) => entry.name)
      expect(Object.keys(module).sort()).toEqual([...values].sort())
    })
  })
})
