import type { Network } from '@portico/shared-types'

/** Solana wallets are listed only for an app that requests a Solana network. */
export const requestsSolana = (networks: readonly Network[]): boolean =>
  networks.some((network) => network.chainNamespace === 'solana')
