import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { DevnetFixtures } from '@portico/devnet'
import { type HttpsPorts, httpsPortsFromEnv, portsFromEnv } from '../scripts/lib/ports.ts'

/** The e2e stack's own ports, so a running `npm start` (4173/4174/8545/8546) is left alone. */
export const E2E_PORTS = portsFromEnv(process.env, {
  demo: 5173,
  plugins: 5174,
  chainA: 5545,
  chainB: 5546,
  solana: 5899,
  authFrame: 5200,
  idp: 5201,
  bundler: 5337,
  bundlerB: 5338,
  onramp: 5202,
  bitcoin: 19443,
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

/**
 * The https run's origins (playwright.https.config.ts: nginx with TLS in front of the stack), overridable
 * like the others: PORTICO_DEMO_HTTPS_PORT, PORTICO_PLUGINS_HTTPS_PORT, PORTICO_API_HTTPS_PORT,
 * PORTICO_RELAY_HTTPS_PORT, PORTICO_AUTH_FRAME_HTTPS_PORT.
 */
export const E2E_HTTPS_PORTS = httpsPortsFromEnv(process.env, {
  demo: 5443,
  plugins: 5444,
  api: 5445,
  relay: 5446,
  authFrame: 5447,
})
/** The https run's own stack file, databases, nginx files and output, never the plain run's. */
export const HTTPS_TMP_DIR =
  process.env.PORTICO_E2E_HTTPS_TMP ?? path.join(import.meta.dirname, '.tmp', `https-${E2E_HTTPS_PORTS.demo}`)

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

export interface StackSolanaAccount {
  /** Base58 address (the ed25519 public key). */
  address: string
  /**
   * The dev wallet config of the same account index with its Solana wallet on: the EVM dev wallet
   * plus a Wallet Standard wallet with SOLANA_DEV_ACCOUNTS[index].
   */
  walletConfig: Record<string, unknown>
}

/** The devnet's Solana node (litesvm) the demo requests as "Portico Solana Devnet". */
export interface StackSolana {
  /** CAIP-2 network id, `solana:PorticoDevnet1111111111111111111`. */
  networkId: `solana:${string}`
  rpcUrl: string
  name: string
  /** SOLANA_DEV_ACCOUNTS (5, 1000 SOL each at start); index i pairs with accounts[i]. */
  accounts: StackSolanaAccount[]
}

/** The devnet's Bitcoin regtest node (bcoin), requested by the demo with `?bitcoin=1`. */
export interface StackBitcoin {
  /** CAIP-2 network id, `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
  networkId: `bip122:${string}`
  name: string
  /** The node's HTTP API (tests read it directly, basic auth `x:apiKey`). */
  nodeUrl: string
  apiKey: string
  /** BITCOIN_DEV_ACCOUNTS (P2WPKH, 10 BTC each at start) with the dev wallet config that has Bitcoin on. */
  accounts: { address: string; walletConfig: Record<string, unknown> }[]
  /** The ordinals (taproot) account every Bitcoin dev wallet config shares. */
  ordinalsAddress: string
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
  /**
   * The embedded wallet's frame page (services/auth-frame), the demo's authFrameUrl: load it in an iframe
   * of the demo origin with ?projectId=portico-dev&parentOrigin=<demo origin>&chainId=…
   */
  authFrameUrl: string
  /**
   * The auth frame's dev mailbox: GET `${mailboxUrl}?to=<email>` → { messages: [{ to, subject, text,
   * code?, link?, createdAt }] } newest first (e2e reads one-time codes and device links here);
   * `${mailboxUrl}.html` is the same as a page.
   */
  mailboxUrl: string
  /** Fixture contracts (PTT, USDC, JUNK, spam NFT) per chain id. */
  fixtures: DevnetFixtures
  chains: StackChain[]
  /** `walletConfig` here is the EVM dev wallet only; `solana.accounts[i].walletConfig` adds Solana. */
  accounts: StackAccount[]
  solana: StackSolana
  bitcoin?: StackBitcoin
  devWalletBundle: string
  /** The https run only: nginx's TLS in front of the stack. */
  tls?: StackTlsInfo
}

export interface StackTlsInfo {
  /** The local CA's certificate (Node trusts it through NODE_EXTRA_CA_CERTS in the https run). */
  caCert: string
  /** The leaf's SPKI hash Chromium is given. */
  spkiHash: string
  ports: HttpsPorts
  nginxConfig: string
}

/** The run's stack: STACK_FILE, or the one the https run's global setup names in PORTICO_E2E_STACK_FILE. */
export function readStackInfo(): StackInfo {
  return JSON.parse(readFileSync(process.env.PORTICO_E2E_STACK_FILE ?? STACK_FILE, 'utf8')) as StackInfo
}
