import { DEV_ACCOUNTS, type DevAccount } from './accounts.ts'
import { type AnvilProcess, startAnvil } from './anvil.ts'
import { deployFixtures } from './fixtures/deploy.ts'
import type { DevnetFixtures } from './fixtures/types.ts'

export interface DevnetChainOptions {
  chainId: number
  /** 0 picks a free port. */
  port: number
}

export interface DevnetOptions {
  host?: string
  chains?: DevnetChainOptions[]
  /** Deploy the test tokens and seed balances (see deployFixtures). */
  fixtures?: boolean
  /** Seconds between blocks; unset means a block per transaction. */
  blockTime?: number
}

export interface DevnetChain {
  chainId: number
  port: number
  rpcUrl: string
}

export interface Devnet {
  chains: DevnetChain[]
  accounts: readonly DevAccount[]
  fixtures?: DevnetFixtures
  /** Seconds between blocks when interval mining; undefined means automine. */
  blockTime?: number
  stop(): Promise<void>
}

export function defaultChains(env: NodeJS.ProcessEnv = process.env): DevnetChainOptions[] {
  return [
    { chainId: 31337, port: Number(env.PORTICO_CHAIN_A_PORT ?? 8545) },
    { chainId: 31338, port: Number(env.PORTICO_CHAIN_B_PORT ?? 8546) },
  ]
}

export async function startDevnet(opts: DevnetOptions = {}): Promise<Devnet> {
  const host = opts.host ?? '127.0.0.1'
  const chainOpts = opts.chains ?? defaultChains()
  const started = await Promise.allSettled(
    chainOpts.map((c) =>
      startAnvil({
        host,
        chainId: c.chainId,
        port: c.port,
        ...(opts.blockTime !== undefined && { blockTime: opts.blockTime }),
      }),
    ),
  )
  const processes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const stop = stopAll(processes)
  const failures = started.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
  if (failures.length > 0) {
    await stop()
    throw failures.length === 1
      ? failures[0]
      : new AggregateError(failures, failures.map((f) => String(f)).join('\n'))
  }

  const devnet: Devnet = {
    chains: processes.map(({ chainId, port, rpcUrl }) => ({ chainId, port, rpcUrl })),
    accounts: DEV_ACCOUNTS,
    ...(opts.blockTime !== undefined && { blockTime: opts.blockTime }),
    stop,
  }
  if (opts.fixtures) {
    try {
      devnet.fixtures = await deployFixtures(devnet)
    } catch (err) {
      await stop()
      throw err
    }
  }
  return devnet
}

function stopAll(processes: AnvilProcess[]): () => Promise<void> {
  let stopping: Promise<void> | undefined
  return () => {
    stopping ??= Promise.all(processes.map((p) => p.stop())).then(() => undefined)
    return stopping
  }
}
