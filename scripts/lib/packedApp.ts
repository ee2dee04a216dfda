/**
 * An app made of packed packages: tarballs unpacked into its node_modules as `npm i <tarball>` leaves them
 * (their own dependencies are not installed; the app's folder sits inside the repository so React resolves
 * from its node_modules). Checks that run what a published package ships, not the workspace sources.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

interface PluginManifest {
  portico?: { id?: string; exportName?: string }
}

export interface PackedApp {
  dir: string
  /** Unpacks a package's tarball into node_modules/<name>; returns its folder. */
  install(name: string, tarball: string): string
}

export function packedApp(dir: string, dependencies: string[]): PackedApp {
  mkdirSync(dir, { recursive: true })
  const listed = Object.fromEntries(dependencies.map((name) => [name, '*']))
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', dependencies: listed }))
  return {
    dir,
    install(name, tarball) {
      const into = path.join(dir, 'node_modules', name)
      mkdirSync(into, { recursive: true })
      execFileSync('tar', ['xzf', tarball, '-C', into, '--strip-components=1'])
      return into
    },
  }
}

const pluginOf = (app: PackedApp, name: string) =>
  (
    JSON.parse(
      readFileSync(path.join(app.dir, 'node_modules', name, 'package.json'), 'utf8'),
    ) as PluginManifest
  ).portico ?? {}

/** `portico-plugins copy public/plugins` in the app: every listed plugin's manifest must land in its folder. */
export function copyProblems(app: PackedApp, cliDir: string, plugins: string[]): string[] {
  const run = spawnSync(process.execPath, [path.join(cliDir, 'dist', 'bin.js'), 'copy', 'public/plugins'], {
    cwd: app.dir,
    encoding: 'utf8',
  })
  if (run.status !== 0) return [`portico-plugins copy failed:\n${run.stdout}${run.stderr}`]
  return plugins
    .map((name) => pluginOf(app, name).id ?? name)
    .filter((id) => !existsSync(path.join(app.dir, 'public', 'plugins', id, 'mf-manifest.json')))
    .map((id) => `portico-plugins copy left out ${id}`)
}

/** Each packed plugin imported as an app's bundler-free ESM import: its named export is its definition. */
export function importProblems(app: PackedApp, plugins: string[]): string[] {
  const expected = plugins.map((name) => ({ name, ...pluginOf(app, name) }))
  const script = `
    const expected = ${JSON.stringify(expected)}
    for (const { name, id, exportName } of expected) {
      const module = await import(name)
      const plugin = module[exportName]
      if (plugin !== module.default || plugin?.id !== id || typeof plugin?.api !== 'string')
        console.log(name + ': its ' + exportName + ' export is not the ' + id + ' plugin')
    }`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: app.dir,
    encoding: 'utf8',
  })
  if (run.status !== 0) return [`importing the packed plugins failed:\n${run.stderr}`]
  return run.stdout.split('\n').filter(Boolean)
}
