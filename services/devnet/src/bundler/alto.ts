import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Hex, keccak256, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { urlHost } from '../anvil.ts'
import { startChildService } from '../childService.ts'
import { rpcCall } from '../rpc.ts'

const require = createRequire(import.meta.url)

/** The bundler's own executor: a fixed test key outside the dev accounts, funded with anvil_setBalance. */
export const BUNDLER_EXECUTOR_KEY: Hex = keccak256(toHex('portico devnet bundler executor'))
const EXECUTOR_BALANCE = parseEther('1000')

export interface BundlerOptions {
  /** The chain's JSON-RPC (an anvil devnet: the executor is funded with anvil_setBalance). */
  rpcUrl: string
  chainId: number
  /** EntryPoint v0.8 at its canonical address (fixtures/aa): alto tells the version by the address. */
  entryPoint: `0x${string}`
  /** 0 picks a free port (read back from alto's output). */
  port: number
  /**
   * The address alto listens on (default 127.0.0.1). alto 0.0.20 has no option for it and binds
   * 0.0.0.0: listenHost.mjs, preloaded, moves that listen here. A wildcard keeps alto's own.
   */
  host?: string
  executorPrivateKey?: Hex
  /** How often alto polls the chain, in ms (default 250: anvil mines a block per transaction). */
  pollIntervalMs?: number
  readyTimeoutMs?: number
  stopGraceMs?: number
}

export interface BundlerProcess {
  chainId: number
  port: number
  /** ERC-4337 bundler JSON-RPC (eth_sendUserOperation, eth_getUserOperationReceipt, …) on its host. */
  url: string
  entryPoint: `0x${string}`
  pid: number
  stop(): Promise<void>
}

function altoCli(): string {
  // The package exports only its entry (esm/index.js); the CLI sits beside it.
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
}

const LISTEN_HOST_PRELOAD = pathToFileURL(join(import.meta.dirname, 'listenHost.mjs')).href

export interface AltoLaunch {
  /** alto's command line (after `node`): no private key in it, `ps` shows it to every user. */
  args: string[]
  /** Environment added for the child (the host listenHost.mjs binds to). */
  env: Record<string, string>
}

/** alto's `--config` JSON: its keys (yargs reads option names as keys). */
export function altoKeysConfig(executorKey: Hex): Record<string, string> {
  return { 'executor-private-keys': executorKey, 'utility-private-key': executorKey }
}

/** What alto is started with; its keys travel in `configFile` (altoKeysConfig, written by writeAltoConfig). */
export function altoLaunch(opts: {
  entryPoint: `0x${string}`
  rpcUrl: string
  port: number
  host: string
  pollIntervalMs?: number
  configFile: string
}): AltoLaunch {
  const args = [
    '--import',
    LISTEN_HOST_PRELOAD,
    altoCli(),
    ['--config', opts.configFile],
    ['--entrypoints', opts.entryPoint],
    ['--rpc-url', opts.rpcUrl],
    ['--port', String(opts.port)],
    ['--safe-mode', 'false'],
    ['--block-time', String(opts.pollIntervalMs ?? 250)],
    ['--enable-cors', 'true'],
    ['--json', 'true'],
    ['--log-level', 'info'],
    // The rpc module stays at info: it prints "Server listening at …" (and a line per request).
    ...['public-client', 'wallet-client', 'mempool', 'executor', 'reputation-manager', 'nonce-queuer'].map(
      (module) => [`--${module}-log-level`, 'warn'],
    ),
  ].flat()
  return { args, env: { PORTICO_LISTEN_HOST: opts.host } }
}

/** The config JSON in a fresh directory of its own (0700), the file 0600; `remove` deletes both. */
export function writeAltoConfig(config: Record<string, string>): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'portico-alto-'))
  const file = join(dir, 'alto.json')
  writeFileSync(file, JSON.stringify(config), { mode: 0o600 })
  const remove = () => rmSync(dir, { recursive: true, force: true })
  configDirs.add(remove)
  return {
    file,
    remove() {
      configDirs.delete(remove)
      remove()
    },
  }
}

// Last resort, as for the child itself: a process that exits without stop() leaves no key behind.
const configDirs = new Set<() => void>()
process.once('exit', () => {
  for (const remove of configDirs) remove()
})

/**
 * Starts Pimlico's alto (a real ERC-4337 bundler) against one devnet chain. Safe mode is off: anvil has
 * no tracer for the ERC-7562 validation rules. alto deploys its simulation contracts through the
 * CREATE2 deployer on start. Resolves once alto answers eth_supportedEntryPoints with the EntryPoint.
 * It listens on `host` only; its keys are in a 0600 config file removed when it stops.
 */
export async function startBundler(opts: BundlerOptions): Promise<BundlerProcess> {
  const readyTimeoutMs = opts.readyTimeoutMs ?? 60_000
  const host = opts.host ?? '127.0.0.1'
  const executorKey = opts.executorPrivateKey ?? BUNDLER_EXECUTOR_KEY
  const executor = privateKeyToAccount(executorKey)
  const chainHex = await rpcCall<string>(opts.rpcUrl, 'eth_chainId')
  if (Number(chainHex) !== opts.chainId)
    throw new Error(`${opts.rpcUrl} is chain ${Number(chainHex)}, not ${opts.chainId}: no bundler started`)
  await rpcCall(opts.rpcUrl, 'anvil_setBalance', [executor.address, toHex(EXECUTOR_BALANCE)])

  const configFile = writeAltoConfig(altoKeysConfig(executorKey))
  const launch = altoLaunch({
    entryPoint: opts.entryPoint,
    rpcUrl: opts.rpcUrl,
    port: opts.port,
    host,
    ...(opts.pollIntervalMs !== undefined ? { pollIntervalMs: opts.pollIntervalMs } : {}),
    configFile: configFile.file,
  })

  const name = `alto bundler (chain ${opts.chainId}, port ${opts.port})`
  // "Server listening at http://HOST:PORT" comes only after alto has bound the port.
  const service = startChildService({
    command: process.execPath,
    args: launch.args,
    env: launch.env,
    name,
    listening: /Server listening at http:\/\/[^"\s]*:(\d+)/,
    readyTimeoutMs,
    ...(opts.stopGraceMs !== undefined ? { stopGraceMs: opts.stopGraceMs } : {}),
  })
  const stop = async () => {
    try {
      await service.stop()
    } finally {
      configFile.remove()
    }
  }
  try {
    const port = await service.port
    const url = `http://${urlHost(host)}:${port}`
    const entryPoints = await service.ready((deadline) =>
      rpcCall<string[]>(url, 'eth_supportedEntryPoints', [], deadline),
    )
    if (!entryPoints.some((address) => address.toLowerCase() === opts.entryPoint.toLowerCase()))
      throw new Error(`${name} supports ${entryPoints.join(', ')}, not ${opts.entryPoint}`)
    return { chainId: opts.chainId, port, url, entryPoint: opts.entryPoint, pid: service.pid, stop }
  } catch (err) {
    await stop()
    throw err
  }
}
