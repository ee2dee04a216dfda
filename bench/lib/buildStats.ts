// Build stats for the bench: which module sits in which emitted chunk, with React's share of each.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import zlib from 'node:zlib'
import type { Configuration, Stats } from '@rspack/core'
import type { Req } from './networkLog.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DIST = path.join(ROOT, 'dist')
const TMP = path.join(import.meta.dirname, '..', '.tmp')
const REACT_PATH = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/
const gzipSize = (text: string | Buffer) => zlib.gzipSync(text).length
const log = (line: string) => console.error(`› ${line}`)

export interface ModuleInfo {
  name: string
  react: boolean
  /** Gzip size of the module's emitted code on its own (for shares inside a chunk). */
  gzip: number
  /** The parts of a concatenated module with their source size (before minification). */
  parts: { name: string; size: number }[]
}

export interface StatsName {
  name: string
  identifier: string
  parts: { name: string; size: number }[]
}

const shortName = (name: string) => name.replace(/^(\.\.\/)+/, '')

/** A module's file relative to the repository, from its identifier (rspack sometimes repeats the
 *  concatenation's name on its parts). */
function nameOf(module: { name?: string; identifier?: string }): string {
  const file = module.identifier?.split('!').pop()?.split('|')[0]
  return file?.startsWith('/') ? path.relative(ROOT, file) : shortName(module.name ?? '?')
}

export type StatsJson = ReturnType<Stats['toJson']>
const ROOT_STATS = path.join(TMP, 'stats.json')

/** `npm run build` with rspack's verbose stats of every compiler written to bench/.tmp/stats.json. */
export function buildWithStats(): StatsJson {
  log('building (rspack build --config rspack.config.ts, as npm run build, with --json stats)')
  const build = spawnSync('npx', ['rspack', 'build', '--config', 'rspack.config.ts', '--json', ROOT_STATS], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORTICO_STATS: 'verbose' },
  })
  if (build.status !== 0) throw new Error('build failed')
  const all = JSON.parse(readFileSync(ROOT_STATS, 'utf8')) as StatsJson
  // The page the benches measure is the demo as `npm start` serves it (dist/demo): its stats name the chunks.
  const demo = all.children?.find((child) => child.name === 'demo')
  if (!demo) throw new Error('no demo compiler in the stats')
  return demo
}

/** With --no-build: builds the demo once more into bench/.tmp (dist/ is left alone) for its stats. */
export async function separateStats(): Promise<StatsJson> {
  log('reading module names from a stats build of hosts/demo into bench/.tmp')
  const { rspack } = await import('@rspack/core')
  const { default: demo } = await import('../../hosts/demo/rspack.config.ts')
  const outDir = path.join(TMP, 'stats-build')
  const compiler = rspack({ ...demo, output: { ...demo.output, path: outDir } } as Configuration)
  const stats = await new Promise<Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  )
  await new Promise<void>((resolve) => compiler.close(() => resolve()))
  return stats.toJson('verbose')
}

/** Module id → name and identifier, from the demo's stats; warns when dist/demo is another build. */
export function moduleNames(json: StatsJson): Map<string, StatsName> {
  const names = new Map<string, StatsName>()
  type StatsModule = {
    id?: string | number | null
    name?: string
    identifier?: string
    size?: number
    modules?: StatsModule[]
  }
  const visit = (module: StatsModule) => {
    if (module.id !== undefined && module.id !== null && module.name)
      names.set(String(module.id), {
        name: module.name,
        identifier: module.identifier ?? '',
        parts: (module.modules ?? [])
          .map((part) => ({ name: nameOf(part), size: part.size ?? 0 }))
          .sort((a, b) => b.size - a.size),
      })
    for (const child of module.modules ?? []) visit(child)
  }
  for (const chunk of json.chunks ?? [])
    for (const module of chunk.modules ?? []) visit(module as StatsModule)
  const emitted = new Set((json.assets ?? []).map((asset) => asset.name))
  const dir = path.join(DIST, 'demo')
  const stale = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.js') && !emitted.has(f)) : []
  if (stale.length > 0)
    log(`dist/demo is not the build the stats describe (${stale.join(', ')}): module names may be missing`)
  return names
}

/**
 * Catches the module table an entry chunk's runtime stores (`__webpack_require__.m = modules`), so the
 * entry's modules (the page's own, React included, in a one-script page) are read like any chunk's.
 */
const CATCH_MODULE_TABLE = `Object.defineProperty(Function.prototype, 'm', {
  configurable: true,
  set(value) {
    globalThis.__moduleTable ??= value
    Object.defineProperty(this, 'm', { value, writable: true, configurable: true })
  },
})`

/**
 * The modules of an emitted rspack chunk file, by id, read by running it in a sandbox: a chunk's push()
 * or its exported table, or an entry's runtime up to where it needs a browser.
 */
function chunkModules(file: string, names: Map<string, StatsName>): ModuleInfo[] {
  // An ES module chunk (the demo's build) exports its table: run as a script, it hands it to the catcher.
  const code = readFileSync(file, 'utf8')
    .replace(/\bexport const __webpack_modules__\s*=/, 'globalThis.__moduleTable=')
    .replace(/\bexport const \w+\s*=/g, 'void ')
    .replace(/\bimport\.meta\.url\b/g, '""')
  const sandbox = vm.createContext({})
  vm.runInContext(CATCH_MODULE_TABLE, sandbox)
  try {
    vm.runInContext(code, sandbox, { timeout: 1000 })
  } catch {
    // An entry starts the app, which needs a document: its module table is already caught.
  }
  const registry = Object.values(sandbox).find(Array.isArray) as
    | [unknown, Record<string, () => void>][]
    | undefined
  const entryTable = (sandbox as { __moduleTable?: Record<string, () => void> }).__moduleTable
  const tables = [...(registry ?? []).map(([, table]) => table), ...(entryTable ? [entryTable] : [])]
  const modules: ModuleInfo[] = []
  for (const table of tables) {
    for (const [id, factory] of Object.entries(table)) {
      const known = names.get(id)
      modules.push({
        name: known ? shortName(known.name) : `module ${id}`,
        react: known ? REACT_PATH.test(known.identifier) || REACT_PATH.test(known.name) : false,
        gzip: gzipSize(String(factory)),
        parts: known?.parts ?? [],
      })
    }
  }
  return modules.sort((a, b) => b.gzip - a.gzip)
}

export interface ChunkReport {
  file: string
  transferred: number
  body: number
  reactBody: number
  top: ModuleInfo[]
}

export function describeChunks(requests: Req[], dir: string, names: Map<string, StatsName>): ChunkReport[] {
  return requests.map((req) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url).pathname.split('/').pop() ?? ''))
    const modules = existsSync(file) ? chunkModules(file, names) : []
    const total = modules.reduce((sum, module) => sum + module.gzip, 0)
    const react = modules.filter((module) => module.react).reduce((sum, module) => sum + module.gzip, 0)
    return {
      file: path.basename(file),
      transferred: req.transferred,
      body: req.body,
      reactBody: total > 0 ? Math.round((req.body * react) / total) : 0,
      top: modules.slice(0, 4),
    }
  })
}
