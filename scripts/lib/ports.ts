/** Every address of the local stack, overridable by environment (docs/testing.md lists the variables). */
export interface StackPorts {
  host: string
  demo: number
  plugins: number
  chainA: number
  chainB: number
  /** Solana JSON-RPC of the devnet (its WebSocket listens on the next port). */
  solana: number
  /** The embedded wallet's auth frame (services/auth-frame), on its own origin. */
  authFrame: number
  /** The local OpenID Connect provider for social login (and the farcaster relay beside it). */
  idp: number
  /** The ERC-4337 bundler (alto) for chain A. */
  bundler: number
  /** The ERC-4337 bundler (alto) for chain B. */
  bundlerB: number
  /** The on-ramp sandbox provider page (its own origin). */
  onramp: number
  /** The Bitcoin regtest node's HTTP API (bcoin). */
  bitcoin: number
}

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env, base?: Partial<StackPorts>): StackPorts {
  const read = (name: string, fallback: number) => Number(env[name] ?? fallback)
  return {
    host: env.PORTICO_HOST ?? base?.host ?? '127.0.0.1',
    demo: read('PORTICO_DEMO_PORT', base?.demo ?? 4173),
    plugins: read('PORTICO_PLUGINS_PORT', base?.plugins ?? 4174),
    chainA: read('PORTICO_CHAIN_A_PORT', base?.chainA ?? 8545),
    chainB: read('PORTICO_CHAIN_B_PORT', base?.chainB ?? 8546),
    solana: read('PORTICO_SOLANA_PORT', base?.solana ?? 8899),
    authFrame: read('PORTICO_AUTH_FRAME_PORT', base?.authFrame ?? 4200),
    idp: read('PORTICO_IDP_PORT', base?.idp ?? 4201),
    bundler: read('PORTICO_BUNDLER_PORT', base?.bundler ?? 4337),
    bundlerB: read('PORTICO_BUNDLER_B_PORT', base?.bundlerB ?? 4338),
    onramp: read('PORTICO_ONRAMP_PORT', base?.onramp ?? 4202),
    bitcoin: read('PORTICO_BITCOIN_PORT', base?.bitcoin ?? 18443),
  }
}

/** The https origins nginx serves in front of the stack (startStack's `tls`), each on its own port. */
export interface HttpsPorts {
  /** The demo app, https://localhost:<port>. */
  demo: number
  /** The plugin remotes, https://127.0.0.1:<port>. */
  plugins: number
  /** The blockchain API, https://127.0.0.1:<port>. */
  api: number
  /** The WalletConnect relay, wss://127.0.0.1:<port>. */
  relay: number
  /** The auth frame, https://127.0.0.1:<port>. */
  authFrame: number
}

export function httpsPortsFromEnv(env: NodeJS.ProcessEnv, base: HttpsPorts): HttpsPorts {
  const read = (name: string, fallback: number) => Number(env[name] ?? fallback)
  return {
    demo: read('PORTICO_DEMO_HTTPS_PORT', base.demo),
    plugins: read('PORTICO_PLUGINS_HTTPS_PORT', base.plugins),
    api: read('PORTICO_API_HTTPS_PORT', base.api),
    relay: read('PORTICO_RELAY_HTTPS_PORT', base.relay),
    authFrame: read('PORTICO_AUTH_FRAME_HTTPS_PORT', base.authFrame),
  }
}
