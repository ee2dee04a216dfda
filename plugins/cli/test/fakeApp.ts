/** Test only: an app folder with installed plugin packages whose remotes are small known files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface FakeApp {
  dir: string
  /** Writes node_modules/<packageName> with a remote for `id` (the manifest may declare another id). */
  install(packageName: string, id: string, declaredId?: string): void
  remove(): void
}

export function fakeApp(dependencies: Record<string, string> = {}): FakeApp {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-cli-'))
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', dependencies }))
  return {
    dir,
    install(packageName, id, declaredId = id) {
      const packageDir = path.join(dir, 'node_modules', packageName)
      mkdirSync(path.join(packageDir, 'remote', 'chunks'), { recursive: true })
      writeFileSync(
        path.join(packageDir, 'package.json'),
        JSON.stringify({
          name: packageName,
          version: '1.2.3',
          exports: { './package.json': './package.json' },
        }),
      )
      writeFileSync(
        path.join(packageDir, 'remote', 'mf-manifest.json'),
        JSON.stringify({ portico: { id: declaredId, api: '^1.1.0', version: '1.2.3' } }),
      )
      writeFileSync(path.join(packageDir, 'remote', 'remoteEntry.js'), `/* ${id} entry */`)
      writeFileSync(path.join(packageDir, 'remote', 'chunks', 'a.1234.js'), `/* ${id} chunk */`)
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
