/** Every address of the local stack, overridable by environment (DESIGN §4). */
export interface StackPorts {
  host: string
  demo: number
  plugins: number
  chainA: number
  chainB: number
  /** Solana JSON-RPC of the devnet (its WebSocket listens on the next port). */
  solana: number
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
  }
}
