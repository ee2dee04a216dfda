import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { CopyRefusedError, PLUGIN_PACKAGES } from './catalogue.ts'

/** The built remote inside an installed plugin package: the folder to copy and the files the manifest lists. */
export interface PackageRemote {
  id: string
  packageName: string
  version: string
  dir: string
}

/** Finds plugin `id`'s package as the app resolves it and checks that its remote is that plugin's. */
export function packageRemote(appDir: string, id: string): PackageRemote {
  const packageName = PLUGIN_PACKAGES[id]
  if (!packageName) throw new CopyRefusedError(`unknown plugin id ${JSON.stringify(id)}`)
  const require = createRequire(path.join(appDir, 'package.json'))
  let packageJson: string
  try {
    packageJson = require.resolve(`${packageName}/package.json`)
  } catch {
    throw new CopyRefusedError(`${packageName} is not installed in ${appDir} (npm i ${packageName})`)
  }
  const dir = path.join(path.dirname(packageJson), 'remote')
  const manifestFile = path.join(dir, 'mf-manifest.json')
  if (!existsSync(manifestFile)) throw new CopyRefusedError(`${packageName} has no remote/mf-manifest.json`)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { portico?: { id?: unknown } }
  if (manifest.portico?.id !== id)
    throw new CopyRefusedError(
      `${packageName}'s remote declares plugin id ${JSON.stringify(manifest.portico?.id)}`,
    )
  const { version = '0.0.0' } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: string }
  return { id, packageName, version, dir }
}
