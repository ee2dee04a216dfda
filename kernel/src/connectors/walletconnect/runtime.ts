/**
 * Per-kernel WalletConnect state: the SDK provider (created once, lazily), the pairing attempt in
 * flight and the pairing prepared ahead of the choice (./prepare.ts).
 */
import type { WalletDirectoryEntry } from '@portico/shared-types'
import type { Kernel } from '../../kernel.ts'
import type { ConnectorContext, ConnectResult, SessionReport } from '../kind.ts'
import { isWalletConnectOffered } from './connector.ts'
import { type Platform, readPlatform } from './platform.ts'
import type { PreparedHolder } from './prepare.ts'
import type { ProviderConfig, WalletConnectProvider } from './provider.ts'

export interface Attempt {
  id: number
  wallet?: WalletDirectoryEntry
  settled: boolean
  promise: Promise<ConnectResult>
  resolve(result: ConnectResult): void
  reject(error: unknown): void
}

export interface WalletConnectDependencies {
  /** Creates the SDK provider; by default the lazily imported UniversalProvider. */
  createProvider?: (config: ProviderConfig) => Promise<WalletConnectProvider>
  platform?: () => Platform
}

export interface Runtime extends PreparedHolder {
  /** Where the pairing and the approved session are reported (the account lifecycle). */
  report: SessionReport
  createProvider: (config: ProviderConfig) => Promise<WalletConnectProvider>
  platform: () => Platform
  provider?: Promise<WalletConnectProvider>
  attempt?: Attempt
  nextId: number
}

const runtimes = new WeakMap<Kernel, Runtime>()

const loadProvider = async (config: ProviderConfig) =>
  (await import(/* webpackChunkName: "walletconnect" */ './provider.ts')).createUniversalProvider(config)

export function stopProvider(provider: WalletConnectProvider) {
  provider.events.removeAllListeners()
  provider.client.core.heartbeat.stop()
  return provider.client.core.relayer.transportClose().catch(() => undefined)
}

export function createRuntime(
  { kernel, report }: ConnectorContext,
  dependencies: WalletConnectDependencies,
): Runtime {
  const runtime: Runtime = {
    report,
    createProvider: dependencies.createProvider ?? loadProvider,
    platform: dependencies.platform ?? (() => readPlatform()),
    nextId: 0,
  }
  runtimes.set(kernel, runtime)
  kernel.cleanups.push(() => {
    runtimes.delete(kernel)
    void runtime.provider?.then(stopProvider, () => undefined)
  })
  return runtime
}

/** The kernel's runtime, created on first use when WalletConnect is offered. */
export const runtimeOf = (context: ConnectorContext): Runtime | undefined =>
  runtimes.get(context.kernel) ??
  (isWalletConnectOffered(context.kernel) ? createRuntime(context, {}) : undefined)
