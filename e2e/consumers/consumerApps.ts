/**
 * Consumer apps outside the workspace: the published packages packed with `npm pack`, a fresh app
 * copied to a temp dir, its dependencies installed from its committed lockfile (node_modules cached by
 * that lockfile's hash), the packs installed over them, then built and served.
 */
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { E2E_PORTS } from '../stackInfo.ts'
import { type ConsumerVariant, variantFiles } from './variants.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const TEMPLATES = import.meta.dirname
/**
 * Outside the workspace, so nothing resolves through the monorepo's node_modules; one per port set (like
 * the stack's own files), so two checkouts testing on one machine never install each other's packs.
 */
export const CONSUMERS_DIR =
  process.env.PORTICO_CONSUMERS_DIR ?? path.join(tmpdir(), `portico-consumers-${E2E_PORTS.demo}`)
/** node_modules per app and lockfile hash (CI caches this directory). */
const CACHE_DIR =
  process.env.PORTICO_CONSUMER_CACHE ?? path.join(tmpdir(), `portico-consumer-cache-${E2E_PORTS.demo}`)
const PACKS_DIR = path.join(CONSUMERS_DIR, 'packs')
/** The published packages the apps install: `file:../packs/<file>` in their package.json. */
const PACKAGES = [
  '@portico/shared-types',
  '@portico/kernel',
  '@portico/plugin-email',
  '@portico/plugin-send',
  '@portico/plugin-swaps',
  '@portico/plugins-cli',
].map((workspace) => ({ workspace, file: `${workspace.slice(1).replace('/', '-')}.tgz` }))
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error']
/**
 * Installs come from the committed lockfile, the packs and npm's cache: `--prefer-offline` asks the
 * registry only for what the cache lacks; offline (PORTICO_CONSUMER_OFFLINE=1) never asks it.
 */
const npmNetwork = (offline: boolean) => [offline ? '--offline' : '--prefer-offline']
const offlineFromEnv = () => process.env.PORTICO_CONSUMER_OFFLINE === '1'

export interface Timings {
  [step: string]: number
}

async function timed<T>(timings: Timings, step: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    timings[step] = Math.round(performance.now() - started)
  }
}

const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  execFileSync(command, args, { cwd, stdio: 'pipe', env: { ...process.env, ...env }, maxBuffer: 64 << 20 })

/**
 * Builds and packs the packages once per machine-wide lock holder (specs in parallel workers share the
 * packs dir), to fixed names the consumer package.json files point at.
 */
let packed = false

export function packPackages(timings: Timings): void {
  // Once per worker process: both specs install the same build.
  if (packed) return
  const started = performance.now()
  mkdirSync(PACKS_DIR, { recursive: true })
  const workspaces = PACKAGES.flatMap(({ workspace }) => ['-w', workspace])
  const script = [
    'npm run build:packages --silent',
    `npm pack ${workspaces.join(' ')} --pack-destination "${PACKS_DIR}" ${NPM_QUIET.join(' ')} >/dev/null`,
  ].join(' && ')
  run('flock', [path.join(CONSUMERS_DIR, '.pack.lock'), 'sh', '-c', script], ROOT)
  for (const { file } of PACKAGES) {
    const versioned = readdirSync(PACKS_DIR).find((name) => name === file.replace('.tgz', '-0.1.0.tgz'))
    if (versioned) renameSync(path.join(PACKS_DIR, versioned), path.join(PACKS_DIR, file))
    if (!existsSync(path.join(PACKS_DIR, file))) throw new Error(`npm pack made no ${file}`)
  }
  packed = true
  timings.pack = Math.round(performance.now() - started)
}

/**
 * A fresh copy of e2e/consumers/<app> in CONSUMERS_DIR, as the variant's package.json and lockfile
 * (variants.ts), with its dependencies: `npm ci` from that committed lockfile on a cache miss
 * (node_modules then kept under the lockfile's hash), hard links to the cached node_modules on a hit;
 * then the packed Portico packages installed over them. `offline` skips the node_modules cache and
 * installs with `--offline`: what the lockfile names must already be in npm's cache.
 */
export async function prepareApp(
  variant: ConsumerVariant,
  timings: Timings,
  offline = offlineFromEnv(),
): Promise<string> {
  const template = path.join(TEMPLATES, variant.app)
  const name = `${variant.app}-${variant.id}`
  const dir = path.join(CONSUMERS_DIR, name)
  rmSync(dir, { recursive: true, force: true })
  cpSync(template, dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|dist|\.next|locks)$/.test(source),
  })
  const { packageJson, lockfile } = variantFiles(template, variant)
  writeFileSync(path.join(dir, 'package.json'), packageJson)
  writeFileSync(path.join(dir, 'package-lock.json'), lockfile)
  const key = `${name}-${createHash('sha256').update(lockfile).digest('hex').slice(0, 16)}`
  const cached = path.join(CACHE_DIR, key, 'node_modules')
  const linkFromCache = () => {
    run('cp', ['-al', cached, path.join(dir, 'node_modules')], dir)
    // npm rewrites its hidden lockfile: a copy, not a link into the cache.
    const hidden = path.join(dir, 'node_modules', '.package-lock.json')
    rmSync(hidden, { force: true })
    cpSync(path.join(cached, '.package-lock.json'), hidden)
  }
  const network = npmNetwork(offline)
  if (existsSync(cached) && !offline) {
    timings.cacheHit = 1
    await timed(timings, 'restoreNodeModules', linkFromCache)
  } else {
    timings.cacheHit = 0
    try {
      await timed(timings, 'npmCi', () => run('npm', ['ci', ...network, ...NPM_QUIET], dir))
    } catch (error) {
      // This machine's registry lacks some platform packages (Next's darwin/win32 swc builds), so the
      // lockfile made here misses them and `npm ci` refuses it; `npm install` keeps the locked versions.
      if (!/in sync/.test(String((error as { stderr?: Buffer }).stderr))) throw error
      await timed(timings, 'npmInstallFromLock', () => run('npm', ['install', ...network, ...NPM_QUIET], dir))
    }
    // One entry per app: entries of older lockfiles go.
    mkdirSync(CACHE_DIR, { recursive: true })
    for (const entry of readdirSync(CACHE_DIR)) {
      if (entry.startsWith(`${name}-`)) rmSync(path.join(CACHE_DIR, entry), { recursive: true, force: true })
    }
    mkdirSync(path.dirname(cached), { recursive: true })
    await timed(timings, 'saveNodeModules', () => {
      // Moved into the cache (a rename), then linked back like on a hit; copied across file systems.
      try {
        renameSync(path.join(dir, 'node_modules'), cached)
        linkFromCache()
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        run('cp', ['-a', path.join(dir, 'node_modules'), cached], dir)
      }
    })
  }
  // The lockfile pins third-party packages; the packs are this build's (npm would reuse a cached
  // tarball of an older build otherwise).
  const packs = packsOf(packageJson)
  await timed(timings, 'installPacks', () =>
    run('npm', ['install', '--no-save', ...network, ...NPM_QUIET, ...packs], dir),
  )
  return dir
}

/** The packs an app's package.json names (`file:../packs/…`), as paths. */
function packsOf(packageJson: string): string[] {
  const { dependencies = {}, devDependencies = {} } = JSON.parse(packageJson) as {
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  return Object.values({ ...dependencies, ...devDependencies }).flatMap((spec) =>
    spec.startsWith('file:../packs/') ? [path.join(PACKS_DIR, spec.slice('file:../packs/'.length))] : [],
  )
}

export function buildApp(dir: string, timings: Timings): Promise<void> {
  return timed(timings, 'build', () => {
    run('npm', ['run', 'build', '--silent'], dir, { NEXT_TELEMETRY_DISABLED: '1' })
  })
}

/**
 * `next start` on `port`; resolves once it answers, with the URL to visit it at (localhost: the origin
 * the stack accepts for the project) and a stop function.
 */
export async function startNext(dir: string, port: number, env: NodeJS.ProcessEnv) {
  const child = spawn(
    path.join(dir, 'node_modules/.bin/next'),
    ['start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited: ${output}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}`)).ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error(`next start did not answer: ${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Bytes and gzip bytes (level 9) of every .js file under `dir`. */
export function jsOnDisk(dir: string): { files: number; bytes: number; gzip: number } {
  let files = 0
  let bytes = 0
  let gzip = 0
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      const full = path.join(current, entry)
      if (statSync(full).isDirectory()) walk(full)
      else if (entry.endsWith('.js')) {
        const content = readFileSync(full)
        files++
        bytes += content.length
        gzip += gzipSync(content, { level: 9 }).length
      }
    }
  }
  walk(dir)
  return { files, bytes, gzip }
}

export const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
