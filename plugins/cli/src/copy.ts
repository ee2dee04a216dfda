import { readFileSync } from 'node:fs'
import path from 'node:path'
import { CopyRefusedError } from './catalogue.ts'
import { loadConfig } from './config.ts'
import { checkedIds, idsFromConfig, idsFromPackageJson } from './ids.ts'
import { packageRemote } from './packageRemote.ts'
import { planRemoteCopy, writeRemoteCopy } from './safeCopy.ts'

export interface CopyRequest {
  /** The app's folder: its package.json and node_modules. */
  appDir: string
  /** The static folder remotes are copied into (`<targetDir>/<id>/`), relative to appDir. */
  targetDir: string
  /** Plugin ids; else those `configFile` turns on; else those the app's package.json lists. */
  ids?: readonly string[]
  configFile?: string
}

export interface CopiedRemote {
  id: string
  packageName: string
  version: string
  /** Files written, relative to the target folder. */
  files: string[]
}

async function wantedIds({ appDir, ids, configFile }: CopyRequest): Promise<string[]> {
  if (ids && ids.length > 0) return checkedIds(ids)
  if (configFile) return idsFromConfig(await loadConfig(path.resolve(appDir, configFile)))
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as unknown
  return idsFromPackageJson(pkg)
}

/**
 * Copies the remotes of the named plugins from their installed packages into the app's static folder.
 * Every package is found and every target checked before anything is written.
 */
export async function copyPlugins(request: CopyRequest): Promise<CopiedRemote[]> {
  const ids = await wantedIds(request)
  if (ids.length === 0)
    throw new CopyRefusedError(
      'no plugins to copy: name their ids, give --config, or install @portico/plugin-* packages',
    )
  const remotes = ids.map((id) => packageRemote(request.appDir, id))
  const targetRoot = path.resolve(request.appDir, request.targetDir)
  const copies = remotes.map((remote) => ({
    remote,
    plan: planRemoteCopy(targetRoot, remote.id, remote.dir),
  }))
  return copies.map(({ remote: { id, packageName, version }, plan }) => ({
    id,
    packageName,
    version,
    files: writeRemoteCopy(plan),
  }))
}
