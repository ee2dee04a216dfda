/** What a packed package must hold, read from its own package.json: the checks publint leaves to us. */

export interface PackedManifest {
  name: string
  main?: string
  types?: string
  bin?: string | Record<string, string>
  exports?: unknown
  portico?: { id?: string }
}

/** Every file path an `exports` map points at (patterns with `*` are left to publint). */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return value.includes('*') ? [] : [value]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, target]) => (key === 'source' ? [] : exportTargets(target)))
}

const normal = (file: string) => file.replace(/^\.\//, '')

/** The files a tarball of this package must contain. */
export function requiredFiles(pkg: PackedManifest): string[] {
  const bins = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values(pkg.bin ?? {})
  const plugin = pkg.portico?.id ? ['remote/remoteEntry.js', 'remote/mf-manifest.json'] : []
  const listed = [pkg.main, pkg.types, ...bins, ...exportTargets(pkg.exports), ...plugin]
  return [...new Set(listed.filter((file): file is string => typeof file === 'string').map(normal))]
}

/** Files that must never ship: sources, tests, fixtures, maps of sources not shipped. */
const FORBIDDEN = [
  /^src\//,
  /\.test\.[cm]?[jt]sx?$/,
  /(^|\/)test\//,
  /(^|\/)node_modules\//,
  /\.tsbuildinfo$/,
]

/** Problems with a tarball's file list, one line each; none when it is right. */
export function packedFileProblems(pkg: PackedManifest, files: readonly string[]): string[] {
  const present = new Set(files)
  const missing = requiredFiles(pkg)
    .filter((file) => !present.has(file))
    .map((file) => `${pkg.name}: ${file} is referenced by package.json but not in the tarball`)
  const stray = files
    .filter((file) => FORBIDDEN.some((pattern) => pattern.test(file)))
    .map((file) => `${pkg.name}: ${file} should not be published`)
  return [...missing, ...stray]
}
