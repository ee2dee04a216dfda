import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

const PLATFORM_ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' }

/**
 * Path of the anvil executable shipped by @foundry-rs/anvil's platform package. We run the binary
 * itself rather than the package's node wrapper so our signals reach anvil directly, with no extra
 * process that could be left behind. `PORTICO_ANVIL_BIN` overrides it (e.g. a foundryup install).
 */
export function findAnvilBinary(): string {
  const override = process.env.PORTICO_ANVIL_BIN
  if (override) {
    if (!existsSync(override)) throw new Error(`PORTICO_ANVIL_BIN points to a missing file: ${override}`)
    return override
  }
  const arch = PLATFORM_ARCH[process.arch]
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch ?? process.arch}`
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  // The platform package is a dependency of @foundry-rs/anvil, so resolve it from there first.
  const searchFrom = [tryResolve('@foundry-rs/anvil/package.json'), import.meta.url].filter(
    (p): p is string => p !== undefined,
  )
  for (const from of searchFrom) {
    try {
      const pkgJson = createRequire(from).resolve(`${pkg}/package.json`)
      const bin = join(dirname(pkgJson), 'bin', exe)
      if (existsSync(bin)) return bin
    } catch {
      // not installed next to this location; try the next one
    }
  }
  throw new Error(
    `Cannot find the anvil binary: package ${pkg} is not installed. Run \`npm install\` (it is an optional ` +
      'dependency of @foundry-rs/anvil), or set PORTICO_ANVIL_BIN to an anvil executable.',
  )
}

function tryResolve(id: string): string | undefined {
  try {
    return require.resolve(id)
  } catch {
    return undefined
  }
}
