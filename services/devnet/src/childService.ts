// A devnet service in a child process (anvil, the alto bundler): started, watched until ready, stopped.
import { type ChildProcess, spawn } from 'node:child_process'

const OUTPUT_TAIL_CHARS = 4000
const live = new Set<ChildProcess>()
let exitHookInstalled = false

export interface ChildServiceOptions {
  command: string
  args: string[]
  /** Names the service in errors, e.g. `anvil (chain 31337, 127.0.0.1:8545)`. */
  name: string
  /**
   * Matches the output line the service prints once it has bound its port, with the port as group 1.
   * Seeing it proves the process answering there is ours, not something that already held the port.
   */
  listening: RegExp
  readyTimeoutMs: number
  stopGraceMs?: number
  /** Added to this process's environment for the child (secrets go here or in a file, never in `args`: `ps` shows those). */
  env?: Record<string, string>
}

export interface ChildService {
  pid: number
  /** The port from the `listening` line. */
  port: Promise<number>
  /** Races a readiness step against the process exiting and the ready deadline (errors carry its output). */
  ready<T>(step: (deadline: AbortSignal) => Promise<T>): Promise<T>
  /** SIGTERM, then SIGKILL after the grace period; once. */
  stop(): Promise<void>
}

export function startChildService(opts: ChildServiceOptions): ChildService {
  if (!exitHookInstalled) {
    exitHookInstalled = true
    // Last resort: if our process exits without stopping its services, do not leave them running.
    process.on('exit', () => {
      for (const child of live) child.kill('SIGKILL')
    })
  }
  const child = spawn(opts.command, opts.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(opts.env ? { env: { ...process.env, ...opts.env } } : {}),
  })
  live.add(child)
  let output = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child)
      resolve({ code, signal })
    })
  })
  const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject))
  spawnFailed.catch(() => {})
  const listening = new Promise<number>((resolve) => {
    let pending = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      output = (output + text).slice(-OUTPUT_TAIL_CHARS)
      pending += text
      const match = opts.listening.exec(pending)
      if (match?.[1]) resolve(Number(match[1]))
      pending = pending.slice(pending.lastIndexOf('\n') + 1)
    })
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS)
  })

  let stopping: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const grace = new Promise<'timeout'>((r) => setTimeout(r, opts.stopGraceMs ?? 3000, 'timeout').unref())
      if ((await Promise.race([exited, grace])) === 'timeout') {
        child.kill('SIGKILL')
        await exited
      }
    })()
    return stopping
  }

  const deadline = AbortSignal.timeout(opts.readyTimeoutMs)
  const timedOut = new Promise<never>((_, reject) =>
    deadline.addEventListener('abort', () =>
      reject(new Error(`${opts.name} was not ready after ${opts.readyTimeoutMs} ms. Output:\n${output}`)),
    ),
  )
  timedOut.catch(() => {})
  const died = exited.then(({ code, signal }) => {
    throw new Error(
      `${opts.name} exited (${signal ?? `code ${code}`}) before it was ready. Output:\n${output.trim()}`,
    )
  })
  died.catch(() => {})

  return {
    pid: child.pid ?? -1,
    port: Promise.race([listening, died, spawnFailed, timedOut]),
    ready: (step) => Promise.race([step(deadline), died, timedOut]),
    stop,
  }
}
