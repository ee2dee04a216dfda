/**
 * The stack's ERC-4337 bundlers: Pimlico's alto on each devnet chain that has the fixtures' EntryPoint
 * (chain A on ports.bundler, chain B on ports.bundlerB), bound to the stack host, their keys in 0600
 * files (services/devnet bundler/alto.ts). alto loads for seconds, so they start at once and the
 * stack awaits them before the auth frame, whose smart-account networks they are.
 */
import type { SmartAccountNetwork } from '@portico/auth-frame'
import { type BundlerProcess, type Devnet, startBundler } from '@portico/devnet'
import type { StackPorts } from './ports.ts'

export interface StackBundlers {
  /** Every bundler started (rejects if any failed to start). */
  ready: Promise<BundlerProcess[]>
  /** The auth frame's smart-account networks: each chain with its EntryPoint, factory and bundler. */
  networks(bundlers: BundlerProcess[]): SmartAccountNetwork[]
  /** Stops the ones that started, whether or not the others did. */
  stop(): Promise<void>
}

export function startStackBundlers(devnet: Devnet, ports: StackPorts): StackBundlers {
  const planned = [
    { chainId: 31337, port: ports.bundler },
    { chainId: 31338, port: ports.bundlerB },
  ]
  const starts = planned.flatMap(({ chainId, port }) => {
    const chain = devnet.chains.find((c) => c.chainId === chainId)
    const aa = devnet.fixtures?.[chainId]?.aa
    if (!chain || !aa) return []
    // The stack's host only (alto binds 0.0.0.0 by itself); its keys go in a 0600 file, not argv.
    const started = startBundler({
      rpcUrl: chain.rpcUrl,
      chainId,
      entryPoint: aa.entryPoint,
      port,
      host: ports.host,
    })
    started.catch(() => {}) // awaited through `ready`
    return [started]
  })
  return {
    ready: Promise.all(starts),
    networks: (bundlers) =>
      bundlers.flatMap((bundler) => {
        const chain = devnet.chains.find((c) => c.chainId === bundler.chainId)
        const aa = devnet.fixtures?.[bundler.chainId]?.aa
        return chain && aa
          ? [{ chainId: bundler.chainId, rpcUrl: chain.rpcUrl, bundlerUrl: bundler.url, ...aa }]
          : []
      }),
    async stop() {
      await Promise.all(
        starts.map((start) =>
          start.then(
            (bundler) => bundler.stop(),
            () => {},
          ),
        ),
      )
    },
  }
}
