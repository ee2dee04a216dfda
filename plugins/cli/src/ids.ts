import { CopyRefusedError, isPluginId, PLUGIN_PACKAGES } from './catalogue.ts'

const show = (id: string) => JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id)

/** Ids given on the command line: each must be one of Portico's plugins, or nothing is copied. */
export function checkedIds(ids: readonly string[]): string[] {
  const unknown = ids.filter((id) => !isPluginId(id))
  if (unknown.length > 0)
    throw new CopyRefusedError(
      `unknown plugin id ${unknown.map(show).join(', ')}; known: ${Object.keys(PLUGIN_PACKAGES).join(', ')}`,
    )
  return [...new Set(ids)]
}

const isOn = (flag: unknown) => (Array.isArray(flag) ? flag.length > 0 : flag === true)

/**
 * The plugins a Portico config turns on: its `features` entries that are on and name one of Portico's
 * plugins. Other flags (analytics, allWallets, …) and third-party plugins are not this command's.
 */
export function idsFromConfig(config: unknown): string[] {
  const features = (config as { features?: unknown } | null)?.features
  if (typeof features !== 'object' || features === null)
    throw new CopyRefusedError('the config has no `features` object naming the plugins to copy')
  return Object.entries(features)
    .filter(([id, flag]) => isPluginId(id) && isOn(flag))
    .map(([id]) => id)
}

/** The plugins whose packages an app's package.json lists (dependencies or devDependencies). */
export function idsFromPackageJson(pkg: unknown): string[] {
  const { dependencies = {}, devDependencies = {} } = (pkg ?? {}) as Record<string, Record<string, string>>
  const listed = new Set([...Object.keys(dependencies), ...Object.keys(devDependencies)])
  return Object.entries(PLUGIN_PACKAGES)
    .filter(([, name]) => listed.has(name))
    .map(([id]) => id)
}
