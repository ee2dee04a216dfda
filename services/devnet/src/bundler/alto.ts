import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Hex, keccak256, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
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
  /** 0 picks a free port (read back from alto's output). alto listens on every interface. */
  port: number
  executorPrivateKey?: Hex
  /** How often alto polls the chain, in ms (default 250: anvil mines a block per transaction). */
  pollIntervalMs?: number
  readyTimeoutMs?: number
  stopGraceMs?: number
}

export interface BundlerProcess {
  chainId: number
  port: number
  /** ERC-4337 bundler JSON-RPC (eth_sendUserOperation, eth_getUserOperationReceipt, …) on loopback. */
  url: string
  entryPoint: `0x${string}`
  pid: number
  stop(): Promise<void>
}

function altoCli(): string {
  // The package exports only its entry (esm/index.js); the CLI sits beside it.
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
}

/**
 * Starts Pimlico's alto (a real ERC-4337 bundler) against one devnet chain. Safe mode is off: anvil has
 * no tracer for the ERC-7562 validation rules. alto deploys its simulation contracts through the
 * CREATE2 deployer on start. Resolves once alto answers eth_supportedEntryPoints with the EntryPoint.
 */
export async function startBundler(opts: BundlerOptions): Promise<BundlerProcess> {
  const readyTimeoutMs = opts.readyTimeoutMs ?? 60_000
  const executorKey = opts.executorPrivateKey ?? BUNDLER_EXECUTOR_KEY
  const executor = privateKeyToAccount(executorKey)
  const chainHex = await rpcCall<string>(opts.rpcUrl, 'eth_chainId')
  if (Number(chainHex) !== opts.chainId)
    throw new Error(`${opts.rpcUrl} is chain ${Number(chainHex)}, not ${opts.chainId}: no bundler started`)
  await rpcCall(opts.rpcUrl, 'anvil_setBalance', [executor.address, toHex(EXECUTOR_BALANCE)])

  const args = [
    altoCli(),
    ['--entrypoints', opts.entryPoint],
    ['--executor-private-keys', executorKey],
    ['--utility-private-key', executorKey],
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

  const name = `alto bundler (chain ${opts.chainId}, port ${opts.port})`
  // "Server listening at http://0.0.0.0:PORT" comes only after alto has bound the port.
  const service = startChildService({
    command: process.execPath,
    args,
    name,
    listening: /Server listening at http:\/\/[^"\s]*:(\d+)/,
    readyTimeoutMs,
    ...(opts.stopGraceMs !== undefined ? { stopGraceMs: opts.stopGraceMs } : {}),
  })
  const { stop } = service
  try {
    const port = await service.port
    const url = `http://127.0.0.1:${port}`
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
