import { DEV_ACCOUNTS, type DevAccount } from './accounts.ts'
import { type AnvilProcess, startAnvil } from './anvil.ts'
import { type BitcoinNode, type BitcoinNodeOptions, startBitcoinNode } from './bitcoin/node.ts'
import { deployFixtures } from './fixtures/deploy.ts'
import { ensureMulticall3 } from './fixtures/multicall3.ts'
import { deployNftFixtures } from './fixtures/nft/deploy.ts'
import type { DevnetFixtures } from './fixtures/types.ts'
import { type SolanaRpc, startSolanaRpc } from './solana/server.ts'

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
  /** The litesvm Solana RPC: on by default (see defaultSolana); false leaves it off. */
  solana?: DevnetSolanaOptions | false
  /** The bcoin regtest node (HTTP API on `port`, 0 a free one): off unless given. */
  bitcoin?: Omit<BitcoinNodeOptions, 'host'>
}

export interface DevnetSolanaOptions {
  /** 0 picks a free port (and a free one after it for WebSocket). */
  port: number
  /** Default port + 1, where web3.js looks for it. */
  wsPort?: number
}

/** The Solana node as the devnet exposes it: URLs, network id, funded accounts, and the bank. */
export type DevnetSolana = Omit<SolanaRpc, 'stop'>

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
  solana?: DevnetSolana
  /** The Bitcoin regtest node when `bitcoin` was given (stopped by `stop()`). */
  bitcoin?: Omit<BitcoinNode, 'stop'>
  stop(): Promise<void>
}

export function defaultChains(env: NodeJS.ProcessEnv = process.env): DevnetChainOptions[] {
  return [
    { chainId: 31337, port: Number(env.PORTICO_CHAIN_A_PORT ?? 8545) },
    { chainId: 31338, port: Number(env.PORTICO_CHAIN_B_PORT ?? 8546) },
  ]
}

export function defaultSolana(env: NodeJS.ProcessEnv = process.env): DevnetSolanaOptions {
  return { port: Number(env.PORTICO_SOLANA_PORT ?? 8899) }
}

export async function startDevnet(opts: DevnetOptions = {}): Promise<Devnet> {
  const host = opts.host ?? '127.0.0.1'
  const chainOpts = opts.chains ?? defaultChains()
  const solanaOpts = opts.solana === undefined ? defaultSolana() : opts.solana
  const [started, solanaStarted, bitcoinStarted] = await Promise.all([
    Promise.allSettled(
      chainOpts.map((c) =>
        startAnvil({
          host,
          chainId: c.chainId,
          port: c.port,
          ...(opts.blockTime !== undefined && { blockTime: opts.blockTime }),
        }),
      ),
    ),
    Promise.allSettled(solanaOpts === false ? [] : [startSolanaRpc({ host, ...solanaOpts })]),
    Promise.allSettled(opts.bitcoin ? [startBitcoinNode({ host, ...opts.bitcoin })] : []),
  ])
  const processes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const solana = solanaStarted.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))[0]
  const bitcoin = bitcoinStarted.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))[0]
  const stop = stopAll([...processes, ...(solana ? [solana] : []), ...(bitcoin ? [bitcoin] : [])])
  const failures = [...started, ...solanaStarted, ...bitcoinStarted].flatMap((r) =>
    r.status === 'rejected' ? [r.reason as unknown] : [],
  )
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
    ...(solana && { solana: withoutStop(solana) }),
    ...(bitcoin && { bitcoin: withoutBitcoinStop(bitcoin) }),
    stop,
  }
  if (opts.fixtures) {
    try {
      devnet.fixtures = await deployFixtures(devnet)
      // Multicall3 at its canonical address (anvil starts without it) and the open-mint NFT fixtures.
      await Promise.all(
        devnet.chains.map(async (chain) => {
          await ensureMulticall3(chain.rpcUrl)
          await deployNftFixtures(chain)
        }),
      )
    } catch (err) {
      await stop()
      throw err
    }
  }
  return devnet
}

function withoutStop({ stop: _stop, ...rest }: SolanaRpc): DevnetSolana {
  return rest
}

function withoutBitcoinStop({ stop: _stop, ...rest }: BitcoinNode): Omit<BitcoinNode, 'stop'> {
  return rest
}

function stopAll(processes: Pick<AnvilProcess, 'stop'>[]): () => Promise<void> {
  let stopping: Promise<void> | undefined
  return () => {
    stopping ??= Promise.all(processes.map((p) => p.stop())).then(() => undefined)
    return stopping
  }
}
