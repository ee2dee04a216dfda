import type { AuthFrameConfig } from './config.ts'
import { ERRORS, FrameError } from './errors.ts'

/** A network the frame serves: `eip155:<id>` or the configured Solana network's CAIP-2 id. */
export type FrameNetwork =
  | { namespace: 'eip155'; chainId: number; caip: string }
  | { namespace: 'solana'; caip: string }

/**
 * Reads a chain id as the app sends it (31337, '31337', 'eip155:31337', '0x7a69', the Solana CAIP-2
 * id or its reference) and checks it is one of the frame's networks.
 */
export function parseNetwork(config: AuthFrameConfig, input: unknown): FrameNetwork {
  if (typeof input === 'number' || typeof input === 'string') {
    const text = String(input).trim()
    const solana = config.solana?.networkId
    if (solana && (text === solana || `solana:${text}` === solana))
      return { namespace: 'solana', caip: solana }
    const bare = text.startsWith('eip155:') ? text.slice(7) : text
    const id = /^0x[0-9a-fA-F]{1,16}$/.test(bare)
      ? Number.parseInt(bare, 16)
      : /^\d{1,16}$/.test(bare)
        ? Number(bare)
        : Number.NaN
    if (Number.isSafeInteger(id) && config.chains.some((chain) => chain.chainId === id))
      return { namespace: 'eip155', chainId: id, caip: `eip155:${id}` }
  }
  throw new FrameError(ERRORS.unknownChain)
}

/** What the app sees as chainId: a number for eip155, the CAIP-2 id for Solana. */
export function publicChainId(network: FrameNetwork): string | number {
  return network.namespace === 'eip155' ? network.chainId : network.caip
}

export function defaultNetwork(config: AuthFrameConfig): FrameNetwork {
  const first = config.chains[0]
  if (first) return { namespace: 'eip155', chainId: first.chainId, caip: `eip155:${first.chainId}` }
  if (config.solana) return { namespace: 'solana', caip: config.solana.networkId }
  throw new Error('The auth frame needs at least one chain')
}

/**
 * The eip155 network of a session (sessions remember the user's last eip155 chain; Solana requests
 * name their own network), falling back to the first chain if the stored one is no longer served.
 */
export function sessionEvmNetwork(
  config: AuthFrameConfig,
  stored: string,
): FrameNetwork & { namespace: 'eip155' } {
  try {
    const network = parseNetwork(config, stored)
    if (network.namespace === 'eip155') return network
  } catch {}
  const first = config.chains[0]
  if (!first) throw new FrameError(ERRORS.unknownChain)
  return { namespace: 'eip155', chainId: first.chainId, caip: `eip155:${first.chainId}` }
}
