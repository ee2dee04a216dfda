import { DEV_BALANCE_ETH, DEV_MNEMONIC } from './accounts.ts'
import { findAnvilBinary } from './anvilBinary.ts'
import { startChildService } from './childService.ts'
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

  const service = startChildService({
    command: findAnvilBinary(),
    args,
    name: `anvil (chain ${opts.chainId}, ${host}:${opts.port})`,
    listening: /Listening on .*:(\d+)\s*$/m,
    readyTimeoutMs,
    ...(opts.stopGraceMs !== undefined ? { stopGraceMs: opts.stopGraceMs } : {}),
  })
  const { stop } = service
  try {
    const port = await service.port
    const rpcUrl = `http://${urlHost(host)}:${port}`
    await service.ready((deadline) => waitForChainId(rpcUrl, opts.chainId, deadline))
    return { chainId: opts.chainId, port, rpcUrl, pid: service.pid, stop }
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
