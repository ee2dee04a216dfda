import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { DevnetFixtures } from '@portico/devnet'
import { portsFromEnv } from '../scripts/lib/ports.ts'

/** The e2e stack's own ports, so a running `npm start` (4173/4174/8545/8546) is left alone. */
export const E2E_PORTS = portsFromEnv(process.env, {
  demo: 5173,
  plugins: 5174,
  chainA: 5545,
  chainB: 5546,
  solana: 5899,
})
/** The e2e stack's WalletConnect relay (4190 is `npm start`'s). */
export const E2E_RELAY_PORT = Number(process.env.PORTICO_RELAY_PORT ?? 5190)
/** The e2e stack's blockchain API (4180 is `npm start`'s). */
export const E2E_API_PORT = Number(process.env.PORTICO_API_PORT ?? 5180)

/**
 * The run's stack file, API database and Playwright output. Keyed by the demo port, so two runs on one
 * machine with different ports (PORTICO_DEMO_PORT…) never read each other's stack; PORTICO_E2E_TMP moves it.
 */
export const TMP_DIR =
  process.env.PORTICO_E2E_TMP ?? path.join(import.meta.dirname, '.tmp', `run-${E2E_PORTS.demo}`)
export const STACK_FILE = path.join(TMP_DIR, 'stack.json')

export interface StackChain {
  chainId: number
  rpcUrl: string
  name: string
}

export interface StackAccount {
  address: `0x${string}`
  /** What the dev wallet reads from window.__PORTICO_DEV_WALLET__ for this account. */
  walletConfig: Record<string, unknown>
}

/** What global-setup writes for the tests: every URL of the running stack. */
export interface StackInfo {
  demoUrl: string
  vanillaUrl: string
  pluginsUrl: string
  pluginBaseUrl: string
  /** The stack's WalletConnect relay (ws://127.0.0.1:<port>). */
  relayUrl: string
  /** The stack's blockchain API (services/api), the demo's apiUrl. */
  apiUrl: string
  /** Fixture contracts (PTT, USDC, JUNK, spam NFT) per chain id. */
  fixtures: DevnetFixtures
  chains: StackChain[]
  accounts: StackAccount[]
  devWalletBundle: string
}

export function readStackInfo(): StackInfo {
  return JSON.parse(readFileSync(STACK_FILE, 'utf8')) as StackInfo
}
