// A service run from its build as an operator runs it: `node services/<name>/dist/cli.js` in a child
// process, configured by its environment only, its output in a log file, started once it answers
// /health and stopped with SIGTERM. What the stack's `services: 'built'` runs (stackBuiltServices.ts).
import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export type BuiltServiceName = 'api' | 'auth-frame' | 'relay' | 'idp' | 'onramp'

export interface BuiltServiceOptions {
  name: BuiltServiceName
  /** The service's configuration (added to a minimal base: PATH, HOME, …; never this process's env). */
  env: Record<string, string>
  /** Polled until it answers 200: the service is up. */
  healthUrl: string
  /** stdout and stderr, appended. */
  logFile: string
  /** How long the service may take to answer /health (default 60 s: a loaded CI machine is slow). */
  timeoutMs?: number
}

export interface BuiltService {
  name: BuiltServiceName
  pid: number
  /** The argv it was started with: node, its flags, the bundle. No configuration is ever in it. */
  command: string[]
  logFile: string
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>
}

/** The bundle `npm run build:services` makes for a service. */
export const builtScript = (name: BuiltServiceName) => path.join(ROOT, 'services', name, 'dist', 'cli.js')

/**
 * `node [--no-experimental-strip-types] services/<name>/dist/cli.js`: this Node, no loader. Where the Node
 * could run TypeScript by itself that is switched off, so a .ts file left in the bundle's imports fails.
 */
export function builtCommand(name: BuiltServiceName): string[] {
  const major = Number(process.versions.node.split('.')[0])
  return [process.execPath, ...(major >= 22 ? ['--no-experimental-strip-types'] : []), builtScript(name)]
}

/**
 * What the child inherits of this process: where programs and home are, and the SQLite addon built for
 * this Node when the LTS lane names one. Nothing else, so no NODE_OPTIONS (a tsx loader) and no
 * PORTICO_* meant for the stack reaches a service unless its configuration names it.
 */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'PORTICO_SQLITE_ADDON']
  return Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])))
}

/** Children still running, killed if this process exits without stopping them (a crashed runner). */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** The last `count` lines of a log file, for an error message. */
export function lastLines(file: string, count = 30): string {
  if (!existsSync(file)) return '(no log)'
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
  return lines.slice(-count).join('\n')
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })

export async function startBuiltService(options: BuiltServiceOptions): Promise<BuiltService> {
  const { name, logFile } = options
  const script = builtScript(name)
  if (!existsSync(script)) throw new Error(`${name}: ${script} is missing: run npm run build:services`)
  const command = builtCommand(name)
  const env = { ...baseEnv(), ...options.env }
  mkdirSync(path.dirname(logFile), { recursive: true })
  const out = openSync(logFile, 'a')
  // Names only: the values include secrets (the on-ramp secret, the treasury key).
  writeSync(out, `# ${new Date().toISOString()} ${command.join(' ')}\n# env: ${Object.keys(env).join(' ')}\n`)
  const [node = process.execPath, ...args] = command
  const child = spawn(node, args, { cwd: ROOT, env, stdio: ['ignore', out, out] })
  closeSync(out)
  running.add(child)
  child.once('exit', () => running.delete(child))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited(child)
    clearTimeout(timer)
  }
  try {
    await waitForHealth(child, options)
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}; the last lines of ${logFile}:\n${lastLines(logFile)}`)
  }
  if (child.pid === undefined) throw new Error(`${name}: no pid`)
  return { name, pid: child.pid, command, logFile, stop }
}

async function waitForHealth(child: ChildProcess, options: BuiltServiceOptions): Promise<void> {
  const { name, healthUrl } = options
  const timeoutMs = options.timeoutMs ?? 60_000
  const deadline = Date.now() + timeoutMs
  let spawnError: Error | undefined
  child.once('error', (error) => {
    spawnError = error
  })
  while (Date.now() < deadline) {
    if (spawnError) throw new Error(`${name} did not start: ${spawnError.message}`)
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before answering ${healthUrl}`)
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${name} did not answer ${healthUrl} within ${timeoutMs} ms`)
}

/**
 * Why the process `pid` is not `name` run from its build, read from the system (Linux /proc), not from
 * what the stack meant to start: its argv must be a node binary and the bundle with no loader or
 * preload flag, and no NODE_OPTIONS may add one. Empty when it is the built service.
 */
export function builtProcessProblems(name: BuiltServiceName, pid: number): string[] {
  const read = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean)
  let argv: string[]
  let environ: string[]
  try {
    argv = read('cmdline')
    environ = read('environ')
  } catch (error) {
    return [`${name}: no process ${pid} (${(error as Error).message})`]
  }
  return builtCommandProblems(name, argv, environ)
}

/** builtProcessProblems over a given argv and environment (`NAME=value` entries). */
export function builtCommandProblems(name: BuiltServiceName, argv: string[], environ: string[]): string[] {
  const problems: string[] = []
  const [node = '', ...rest] = argv
  const script = rest.at(-1) ?? ''
  if (!/(^|\/)node(\d+)?$/.test(node)) problems.push(`${name}: runs ${node || '(nothing)'}, not node`)
  if (path.resolve(ROOT, script) !== builtScript(name))
    problems.push(`${name}: runs ${script || '(no script)'}, not services/${name}/dist/cli.js`)
  const flags = rest.slice(0, -1)
  const loaderFlag = /^--(import|loader|experimental-loader|require)\b|^-r$|tsx/
  for (const flag of flags.filter((f) => loaderFlag.test(f)))
    problems.push(`${name}: started with ${flag} (a loader or preload)`)
  const nodeOptions = environ.find((entry) => entry.startsWith('NODE_OPTIONS='))?.slice(13) ?? ''
  if (/--(import|loader|experimental-loader|require)\b|-r\s|tsx/.test(nodeOptions))
    problems.push(`${name}: NODE_OPTIONS adds a loader or preload (${nodeOptions})`)
  return problems
}
