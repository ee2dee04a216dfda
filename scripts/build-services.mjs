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
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
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

export async function buildServices({ services = SERVICES, log = console.log } = {}) {
  const external = externalDependencies()
  for (const service of services) {
    const dir = join(root, 'services', service)
    await build({
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
    })
    log(`build:services: services/${service}/dist/cli.js`)
  }
  if (services.includes('auth-frame')) {
    const frame = join(root, 'services', 'auth-frame', 'src', 'frame')
    // The frame's script, and the passkey ceremony's (loaded by the frame when its passkey view opens).
    for (const [entry, outfile] of [
      ['main.ts', 'frame-page.js'],
      ['passkeyPage.ts', 'frame-passkey.js'],
    ]) {
      await build({
        ...JSON.parse(readFileSync(join(frame, 'page-build.json'), 'utf8')),
        entryPoints: [join(frame, entry)],
        outfile: join(root, 'services', 'auth-frame', 'dist', outfile),
        logLevel: 'warning',
      })
      log(`build:services: services/auth-frame/dist/${outfile}`)
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServices()
