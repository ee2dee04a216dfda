import { SUPPORTED_EIP155_CHAIN_IDS } from '@portico/shared-types'
import { BUILT_IN_NETWORKS } from '../chains/catalogue.ts'

/**
 * The the behaviour reference's hosted list (its eip155 chains plus the three Solana networks: mainnet, devnet,
 * testnet), used only until (or if) the configured API's own list can be read.
 */
const FALLBACK = new Set<string>([
  ...SUPPORTED_EIP155_CHAIN_IDS.map((id) => `eip155:${id}`),
  BUILT_IN_NETWORKS.solana.caipNetworkId,
  BUILT_IN_NETWORKS.solanaDevnet.caipNetworkId,
  BUILT_IN_NETWORKS.solanaTestnet.caipNetworkId,
])

/**
 * behaviour §5: a network must be in the supported-chains list before most API calls. The list comes from
 * the API itself (GET /v1/supported-chains), read once; a failed read falls back and is retried later.
 */
export function createSupportedNetworks(
  load: () => Promise<{ http: string[] }>,
  log: { warn(...a: unknown[]): void },
) {
  let known: Set<string> | undefined
  let loading: Promise<void> | undefined
  return {
    has: (caipNetworkId: string) => (known ?? FALLBACK).has(caipNetworkId),
    /** Whether the API's own list has been read (else `has` answers from the built-in one). */
    read: () => known !== undefined,
    ready(): Promise<void> {
      if (known) return Promise.resolve()
      loading ??= load()
        .then(({ http }) => {
          known = new Set(http)
        })
        .catch((error) =>
          log.warn('Portico: could not read the supported chains; using the built-in list', error),
        )
        .finally(() => {
          loading = undefined
        })
      return loading
    },
  }
}
