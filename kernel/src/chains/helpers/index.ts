/**
 * ctx.chains.evm() / solana() / bitcoin(): each helper set is its own chunk, loaded on first use and
 * kept, so nothing here adds to the kernel's JS before the first open.
 */
import type {
  BitcoinHelpers,
  ChainHelperLoaders,
  EvmHelpers,
  SolanaHelpers,
} from '@portico/shared-types/plugin'

let evm: Promise<EvmHelpers> | undefined
let solana: Promise<SolanaHelpers> | undefined
let bitcoin: Promise<BitcoinHelpers> | undefined

/** A failed chunk load (network) is not remembered: the next call tries again. */
function once<T>(load: () => Promise<T>, reset: () => void): Promise<T> {
  return load().catch((error: unknown) => {
    reset()
    throw error
  })
}

export const chainHelperLoaders: ChainHelperLoaders = {
  evm() {
    evm ??= once(
      () => import(/* webpackChunkName: "chain-helpers-evm" */ './evm.ts').then((m) => m.evmHelpers),
      () => {
        evm = undefined
      },
    )
    return evm
  },
  solana() {
    solana ??= once(
      () => import(/* webpackChunkName: "chain-helpers-solana" */ './solana.ts').then((m) => m.solanaHelpers),
      () => {
        solana = undefined
      },
    )
    return solana
  },
  bitcoin() {
    bitcoin ??= once(
      () =>
        import(/* webpackChunkName: "chain-helpers-bitcoin" */ './bitcoin.ts').then((m) => m.bitcoinHelpers),
      () => {
        bitcoin = undefined
      },
    )
    return bitcoin
  },
}
