// Installs and builds the peer apps of bench/peers/<name> (each its own npm project, never a workspace:
// the peers pin React 18/19 and wagmi 2 apart from Portico's own tree).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { HtmlRspackPlugin, rspack } from '@rspack/core'

export const PEERS_DIR = path.resolve(import.meta.dirname, '../peers')
export const PEER_NAMES = ['connectkit', 'rainbowkit', 'appkit', 'thirdweb'] as const
export type PeerName = (typeof PEER_NAMES)[number]

/** `npm install` in the peer's own directory when its node_modules lacks a pinned dependency. */
export function installPeer(name: PeerName, log: (line: string) => void): void {
  const dir = path.join(PEERS_DIR, name)
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
  }
  const missing = Object.keys(pkg.dependencies).filter(
    (dep) => !existsSync(path.join(dir, 'node_modules', dep, 'package.json')),
  )
  if (missing.length === 0) return
  log(`${name}: npm install (${missing.join(', ')} missing)`)
  const result = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--no-package-lock'],
    { cwd: dir, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error(`${name}: npm install failed (exit ${result.status})`)
}

/** A production build of the peer app (minified, one HTML page) into `outDir`. */
export async function buildPeer(name: PeerName, outDir: string): Promise<void> {
  const dir = path.join(PEERS_DIR, name)
  const modules = path.join(dir, 'node_modules')
  const compiler = rspack({
    name: `peer-${name}`,
    mode: 'production',
    context: dir,
    entry: { main: './src/main.tsx' },
    target: ['web', 'es2022'],
    output: { path: outDir, clean: true, filename: '[name].[contenthash:8].js' },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.js'] },
      // Each package's own nested node_modules first (npm nests conflicting versions), then the peer's.
      modules: ['node_modules', modules],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
          },
          type: 'javascript/auto',
        },
        // RainbowKit's stylesheet, through rspack's built-in CSS.
        // A stylesheet import is its side effect (RainbowKit's package.json does not list it).
        { test: /\.css$/, type: 'css/auto', sideEffects: true },
      ],
    },
    plugins: [new HtmlRspackPlugin({ title: `${name} peer`, templateContent: '<div id="root"></div>' })],
    performance: { hints: false },
    stats: 'errors-warnings',
  })
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {})
      if (error) return reject(error)
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })))
      resolve()
    }),
  )
}
