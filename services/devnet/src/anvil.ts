import { type ChildProcess, spawn } from 'node:child_process'
import { DEV_BALANCE_ETH, DEV_MNEMONIC } from './accounts.ts'
import { findAnvilBinary } from './anvil-binary.ts'
import { rpcCall } from './rpc.ts'

export interface AnvilOptions {
  chainId: number
  /** 0 lets anvil pick a free port; the chosen one is read back from its output. */
  port: number
  host?: string
  /** Seconds between blocks; unset means a block per transaction (automine). */
  blockTime?: number
  readyTimeoutMs?: number
  stopGraceMs?: number
}

export interface AnvilProcess {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  stop(): Promise<void>
}

const OUTPUT_TAIL_CHARS = 4000
const live = new Set<ChildProcess>()
let exitHookInstalled = false

/** Last resort: if our process exits without stopping its chains, do not leave them running. */
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL')
  })
}

export async function startAnvil(opts: AnvilOptions): Promise<AnvilProcess> {
  const host = opts.host ?? '127.0.0.1'
  const readyTimeoutMs = opts.readyTimeoutMs ?? 30_000
  const args = [
    '--host',
    host,
    '--port',
    String(opts.port),
    '--chain-id',
    String(opts.chainId),
    '--mnemonic',
    DEV_MNEMONIC,
    '--accounts',
    '10',
    '--balance',
    String(DEV_BALANCE_ETH),
  ]
  if (opts.blockTime !== undefined) args.push('--block-time', String(opts.blockTime))

  installExitHook()
  const child = spawn(findAnvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
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

  // anvil prints "Listening on host:port" only after it has bound the port, so seeing it proves the
  // process answering on that port is ours and not something that already held it.
  const listening = new Promise<number>((resolve) => {
    let pending = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      output = (output + text).slice(-OUTPUT_TAIL_CHARS)
      pending += text
      const match = /Listening on .*:(\d+)\s*$/m.exec(pending)
      if (match?.[1]) resolve(Number(match[1]))
      pending = pending.slice(pending.lastIndexOf('\n') + 1)
    })
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS)
  })

  const describe = () => `anvil (chain ${opts.chainId}, ${host}:${opts.port})`
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

  const deadline = AbortSignal.timeout(readyTimeoutMs)
  const timedOut = new Promise<never>((_, reject) =>
    deadline.addEventListener('abort', () =>
      reject(new Error(`${describe()} was not ready after ${readyTimeoutMs} ms. Output:\n${output}`)),
    ),
  )
  timedOut.catch(() => {})
  const died = exited.then(({ code, signal }) => {
    throw new Error(
      `${describe()} exited (${signal ?? `code ${code}`}) before it was ready. Output:\n${output.trim()}`,
    )
  })
  died.catch(() => {})

  try {
    const port = await Promise.race([listening, died, spawnFailed, timedOut])
    const rpcUrl = `http://${urlHost(host)}:${port}`
    await Promise.race([waitForChainId(rpcUrl, opts.chainId, deadline), died, timedOut])
    return { chainId: opts.chainId, port, rpcUrl, pid: child.pid ?? -1, stop }
  } catch (err) {
    await stop()
    throw err
  }
}

async function waitForChainId(rpcUrl: string, chainId: number, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    try {
      const hex = await rpcCall<string>(rpcUrl, 'eth_chainId', [], signal)
      if (Number(hex) !== chainId)
        throw new Error(`${rpcUrl} answered chain id ${Number(hex)}, not ${chainId}`)
      return
    } catch (err) {
      if (err instanceof Error && err.message.includes('answered chain id')) throw err
      await new Promise((r) => setTimeout(r, 25))
    }
  }
}

/** A URL host for the address anvil listens on: wildcard addresses are reached through loopback. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}
