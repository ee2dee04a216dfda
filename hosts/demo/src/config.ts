import type { ModalOptions, PluginSource, ThemePresetName } from '@portico/kernel'
import { defineNetwork } from '@portico/kernel'

/** Addresses of the local stack, injected into the page by the demo server (scripts/serve). */
export interface DemoEnvironment {
  projectId: string
  chains: { chainId: number; rpcUrl: string; name: string }[]
  pluginBaseUrl: string
  apiUrl?: string
  /** The wallet directory API; the blockchain API serves it on its own origin. */
  walletDirectoryUrl?: string
  relayUrl?: string
  /** The auth frame page (services/auth-frame): email and social login. */
  authFrameUrl?: string
  /** The devnet's Solana node: CAIP-2 network id (`solana:<genesis prefix>`), RPC and display name. */
  solana?: { networkId: string; rpcUrl: string; name: string }
  /** The devnet's Bitcoin regtest node: CAIP-2 network id (`bip122:<genesis prefix>`) and display name. */
  bitcoin?: { networkId: string; name: string }
  /**
   * Gas paid by the app (ERC-7677): the paymaster service URL per CAIP-2 network (the stack's API,
   * scripts/lib/stackPaymaster.ts). Absent when the stack has no paymaster.
   */
  paymasterServices?: Record<string, string>
}

declare global {
  interface Window {
    __PORTICO_DEMO__?: DemoEnvironment
  }
}

const FALLBACK: DemoEnvironment = {
  projectId: 'portico-dev',
  chains: [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Portico Devnet A' },
    { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546', name: 'Portico Devnet B' },
  ],
  pluginBaseUrl: 'http://127.0.0.1:4174/plugins',
  relayUrl: 'ws://127.0.0.1:4190',
  solana: {
    networkId: 'solana:PorticoDevnet1111111111111111111',
    rpcUrl: 'http://127.0.0.1:8899',
    name: 'Portico Solana Devnet',
  },
}

/**
 * What the test build of the demo may change from the query string (hosts/demo/src/queryOverrides.ts).
 * The default build (what `npm start` serves) has no code that reads the query at all.
 */
export interface DemoOverrides {
  features?: Record<string, boolean>
  plugins?: Record<string, PluginSource>
  /** Request only these local eip155 chains. */
  chains?: number[]
  apiUrl?: string
  relayUrl?: string
  walletDirectoryUrl?: string
  /** Another auth frame (the passkey spec serves one on a host name: WebAuthn refuses IP addresses). */
  authFrameUrl?: string
  walletConnectTimeoutMs?: number
  themeMode?: 'light' | 'dark'
  /** A theme preset name, passed through (the kernel ignores an unknown one). */
  themePreset?: string
  /** Sign-in required (`siwx.required`). */
  siwxRequired?: boolean
  /** Request the Bitcoin regtest network (default: when the environment has one). */
  bitcoin?: boolean
  /** false: leave out the Solana network (eip155 only, e.g. for WalletConnect one-click sign-in). */
  solana?: boolean
  /**
   * true: gas paid by the app where the environment has a paymaster service (`paymasterServices`). Off
   * unless asked: the dev sponsor's policy covers USDC and the DEX only, and its refusal of any other send
   * is not worked around by paying the gas oneself.
   */
  paymaster?: boolean
}

/**
 * Options for the demo, from the environment the demo server injects (or the local defaults) and,
 * in the test build only, the overrides the e2e suite passes in the query string.
 */
export function demoOptions(
  env: DemoEnvironment = window.__PORTICO_DEMO__ ?? FALLBACK,
  overrides: DemoOverrides = {},
): ModalOptions {
  const features: NonNullable<ModalOptions['features']> = {
    receive: true,
    send: true,
    history: true,
    names: true,
    swaps: true,
    // Email and social login (behaviour-reference defaults: on, every provider) need the auth frame.
    ...((overrides.authFrameUrl ?? env.authFrameUrl) ? {} : { email: false, socials: false }),
    onramp: true,
    ...overrides.features,
  }
  const onlyChains = overrides.chains
  const requestedChains = onlyChains
    ? env.chains.filter((chain) => onlyChains.includes(chain.chainId))
    : env.chains
  const networks = requestedChains.map((chain) =>
    defineNetwork({
      id: chain.chainId,
      chainNamespace: 'eip155',
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: chain.rpcUrl,
      testnet: true,
    }),
  )
  // The local Solana node, after the eip155 chains (the default network stays the first chain).
  const solanaId = env.solana?.networkId.split(':')[1]
  if (env.solana && solanaId && overrides.solana !== false) {
    networks.push(
      defineNetwork({
        id: solanaId,
        chainNamespace: 'solana',
        name: env.solana.name,
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        rpcUrl: env.solana.rpcUrl,
        testnet: true,
      }),
    )
  }
  // The local Bitcoin regtest node, last; its reads go through the API (apiUrl), so no RPC of its own.
  const bitcoinId = env.bitcoin?.networkId.split(':')[1]
  if (env.bitcoin && bitcoinId && overrides.bitcoin !== false) {
    networks.push(
      defineNetwork({
        id: bitcoinId,
        chainNamespace: 'bip122',
        name: env.bitcoin.name,
        nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
        rpcUrl: env.apiUrl ?? '',
        testnet: true,
      }),
    )
  }
  const [first, ...rest] = networks
  // Every chain's reads go to the local node, never to the hosted RPC.
  const rpcMap = Object.fromEntries(env.chains.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl]))
  const relayUrl = overrides.relayUrl ?? env.relayUrl
  const apiUrl = overrides.apiUrl ?? env.apiUrl
  // By default the API's origin serves the wallet lists.
  const walletDirectoryUrl = overrides.walletDirectoryUrl ?? env.walletDirectoryUrl ?? apiUrl
  const authFrameUrl = overrides.authFrameUrl ?? env.authFrameUrl
  const timeoutMs = overrides.walletConnectTimeoutMs
  // Only when asked, for the networks the demo requests; none at all when the stack has no paymaster.
  const requested = new Set<string>(networks.map((network) => network.caipNetworkId))
  const paymasterServices = Object.fromEntries(
    Object.entries(overrides.paymaster === true ? (env.paymasterServices ?? {}) : {}).filter(([network]) =>
      requested.has(network),
    ),
  )
  if (!first) throw new Error('The demo needs at least one chain')
  return {
    projectId: env.projectId,
    networks: [first, ...rest],
    metadata: { name: 'Portico demo', description: 'Portico demo dapp', url: location.origin, icons: [] },
    features,
    plugins: { ...overrides.plugins },
    pluginBaseUrl: env.pluginBaseUrl,
    ...(apiUrl ? { apiUrl } : {}),
    ...(relayUrl ? { relayUrl } : {}),
    ...(authFrameUrl ? { authFrameUrl } : {}),
    ...(walletDirectoryUrl ? { walletDirectoryUrl } : {}),
    ...(timeoutMs !== undefined && timeoutMs > 0 ? { walletConnectTimeoutMs: timeoutMs } : {}),
    rpcMap,
    themeMode: overrides.themeMode ?? 'dark',
    // The kernel checks the name (an unknown one is ignored).
    ...(overrides.themePreset ? { themePreset: overrides.themePreset as ThemePresetName } : {}),
    ...(overrides.siwxRequired ? { siwx: { required: true } } : {}),
    ...(Object.keys(paymasterServices).length > 0 ? { paymasterServices } : {}),
  }
}
