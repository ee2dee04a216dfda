#!/usr/bin/env node
/**
 * npm run build:services: each service (api, auth-frame, relay, idp, onramp) to plain JavaScript,
 * started with `node services/<name>/dist/cli.js` — no tsx, no TypeScript at run time.
 *
 * esbuild bundles a service's own sources and the workspace packages it uses (@portico/*, which ship
 * TypeScript); every other dependency stays an import of node_modules, installed as usual. The bundle
 * sits in the package's dist/, one level under the package like src/, so paths a service finds from
 * its own file (the .data directory, the on-ramp page's public/) stay the same. The auth frame's page
 * script, which the service otherwise bundles on its first request, is built beside it.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(fileURLToPath(import.meta.url), '..', '..')
export const SERVICES = ['api', 'auth-frame', 'relay', 'idp', 'onramp']

/** Every workspace package's directory (`plugins/*` style entries expanded). */
function workspaceDirs() {
  const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? []
  return workspaces.flatMap((entry) =>
    entry.endsWith('/*')
      ? readdirSync(join(root, entry.slice(0, -2)), { withFileTypes: true })
          .filter(
            (d) => d.isDirectory() && existsSync(join(root, entry.slice(0, -2), d.name, 'package.json')),
          )
          .map((d) => join(entry.slice(0, -2), d.name))
      : [entry],
  )
}

/** The npm dependencies of the workspace: imports of these stay imports of node_modules. */
function externalDependencies() {
  const names = new Set()
  for (const dir of ['.', ...workspaceDirs()]) {
    const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'))
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])
      for (const name of Object.keys(pkg[field] ?? {})) if (!name.startsWith('@portico/')) names.add(name)
  }
  return [...names].flatMap((name) => [name, `${name}/*`])
}

/** Where a service's build records the files it was made from (for staleServices). */
const inputsFile = (service) => join(root, 'services', service, 'dist', 'inputs.json')

/** The source files of a build (esbuild's metafile), relative to the repository; not node_modules. */
const sourcesOf = (metafile) => Object.keys(metafile.inputs).filter((file) => !file.includes('node_modules/'))

/**
 * esbuild's build, each output written beside its place and renamed over it: a service started from its
 * build while another process rebuilds it (a test, the https run) reads the old file or the new one,
 * never half of one.
 */
async function buildAtomically(options) {
  const result = await build({ ...options, write: false })
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true })
    const partial = `${file.path}.${process.pid}.partial`
    writeFileSync(partial, file.contents)
    renameSync(partial, file.path)
  }
  return result
}

export async function buildServices({ services = SERVICES, log = console.log } = {}) {
  const external = externalDependencies()
  /** Each built service's source files, recorded beside its build. */
  const inputs = new Map()
  for (const service of services) {
    const dir = join(root, 'services', service)
    const result = await buildAtomically({
      entryPoints: [join(dir, 'src', 'cli.ts')],
      outfile: join(dir, 'dist', 'cli.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // The workspace packages' TypeScript sources, as tsx resolves them in development.
      conditions: ['source'],
      external,
      sourcemap: true,
      legalComments: 'none',
      logLevel: 'warning',
      metafile: true,
      // Metafile paths are relative to this directory.
      absWorkingDir: root,
    })
    inputs.set(service, new Set(sourcesOf(result.metafile)))
    log(`build:services: services/${service}/dist/cli.js`)
  }
  if (services.includes('auth-frame')) {
    const frame = join(root, 'services', 'auth-frame', 'src', 'frame')
    const frameSources = inputs.get('auth-frame')
    frameSources.add('services/auth-frame/src/frame/page-build.json')
    // The frame's script, and the passkey ceremony's (loaded by the frame when its passkey view opens).
    for (const [entry, outfile] of [
      ['main.ts', 'frame-page.js'],
      ['passkeyPage.ts', 'frame-passkey.js'],
    ]) {
      const result = await buildAtomically({
        ...JSON.parse(readFileSync(join(frame, 'page-build.json'), 'utf8')),
        entryPoints: [join(frame, entry)],
        outfile: join(root, 'services', 'auth-frame', 'dist', outfile),
        logLevel: 'warning',
        metafile: true,
        absWorkingDir: root,
      })
      for (const file of sourcesOf(result.metafile)) frameSources.add(file)
      log(`build:services: services/auth-frame/dist/${outfile}`)
    }
  }
  for (const [service, sources] of inputs)
    writeFileSync(inputsFile(service), `${JSON.stringify([...sources].sort(), null, 1)}\n`)
}

/**
 * The services whose build is missing or older than a file it was made from (the sources recorded in
 * dist/inputs.json at build time, and this script): what `ensureServicesBuilt` rebuilds.
 */
export function staleServices(services = SERVICES) {
  const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : undefined)
  const script = statSync(fileURLToPath(import.meta.url)).mtimeMs
  return services.filter((service) => {
    const built = mtime(join(root, 'services', service, 'dist', 'cli.js'))
    const recorded = inputsFile(service)
    if (built === undefined || !existsSync(recorded) || script > built) return true
    // A deleted source is stale too: its importer changed, or the build would now fail.
    return JSON.parse(readFileSync(recorded, 'utf8')).some(
      (file) => (mtime(join(root, file)) ?? Infinity) > built,
    )
  })
}

/** Builds the services that `staleServices` names (none when every build is current). */
export async function ensureServicesBuilt({ services = SERVICES, log = console.log } = {}) {
  const stale = staleServices(services)
  if (stale.length > 0) await buildServices({ services: stale, log })
  return stale
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServices()
