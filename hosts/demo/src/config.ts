import type { ModalOptions, PluginSource } from '@portico/kernel'
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
  /** The devnet's Solana node: CAIP-2 network id (`solana:<genesis prefix>`), RPC and display name. */
  solana?: { networkId: string; rpcUrl: string; name: string }
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
 * Options for the demo. The query string can override features and plugin URLs, which the e2e suite
 * uses: `?features=receive:false,history:true` and `?plugin.receive=<remoteEntry URL>`, and the
 * WalletConnect relay and its connect timeout: `?relayUrl=ws://127.0.0.1:5191&wcTimeout=3000`.
 */
export function demoOptions(
  env: DemoEnvironment = window.__PORTICO_DEMO__ ?? FALLBACK,
  search = location.search,
): ModalOptions {
  const query = new URLSearchParams(search)
  const features: Record<string, boolean> = {
    receive: true,
    send: true,
    history: true,
    // Not built yet: their remotes would 404.
    email: false,
    socials: false,
    swaps: false,
    onramp: false,
    names: false,
  }
  for (const pair of (query.get('features') ?? '').split(',').filter(Boolean)) {
    const [id, value] = pair.split(':')
    if (id) features[id] = value !== 'false'
  }
  const plugins: Record<string, PluginSource> = {}
  for (const [key, value] of query)
    if (key.startsWith('plugin.')) plugins[key.slice('plugin.'.length)] = { url: value }
  // `?chains=31337` requests only some of the local chains (tests of unsupported networks).
  const onlyChains = query.get('chains')?.split(',').map(Number)
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
  if (env.solana && solanaId) {
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
  const [first, ...rest] = networks
  // Every chain's reads go to the local node, never to the hosted RPC.
  const rpcMap = Object.fromEntries(env.chains.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl]))
  const relayUrl = query.get('relayUrl') ?? env.relayUrl
  // `?apiUrl=` points the page at another blockchain API (e2e: one it can stop and start).
  const apiUrl = query.get('apiUrl') ?? env.apiUrl
  const walletConnectTimeoutMs = Number(query.get('wcTimeout'))
  // `?walletDirectoryUrl=` points the wallet lists elsewhere; by default the API's origin serves them.
  const walletDirectoryUrl = query.get('walletDirectoryUrl') ?? env.walletDirectoryUrl ?? apiUrl
  if (!first) throw new Error('The demo needs at least one chain')
  return {
    projectId: env.projectId,
    networks: [first, ...rest],
    metadata: { name: 'Portico demo', description: 'Portico demo dapp', url: location.origin, icons: [] },
    features,
    plugins,
    pluginBaseUrl: env.pluginBaseUrl,
    ...(apiUrl ? { apiUrl } : {}),
    ...(relayUrl ? { relayUrl } : {}),
    ...(walletDirectoryUrl ? { walletDirectoryUrl } : {}),
    ...(walletConnectTimeoutMs > 0 ? { walletConnectTimeoutMs } : {}),
    rpcMap,
    themeMode: query.get('theme') === 'light' ? 'light' : 'dark',
  }
}
