/** The kernel's chain helpers for the active namespace (ctx.chains.evm / solana / bitcoin), loaded once. */
import type { EvmHelpers, PluginContext, SolanaHelpers } from '@portico/shared-types/plugin'
import { useEffect, useState } from 'react'
import type { FormBitcoinHelpers } from './bitcoin/flow.ts'

export type ChainHelpers = EvmHelpers | SolanaHelpers | FormBitcoinHelpers

export interface HelpersState {
  /** The set of the namespace: `evm` or `solana` below, whichever it is. */
  helpers?: ChainHelpers
  evm?: EvmHelpers
  solana?: SolanaHelpers
  /** bip122: the kernel's bitcoin helpers (ctx.chains.bitcoin) bound to the network, for the form. */
  bitcoin?: FormBitcoinHelpers
  error?: unknown
}

/** Undefined helpers while the chunk loads (a spinner), then the set; `error` when it failed to load. */
export function useChainHelpers(ctx: PluginContext, namespace: string | undefined): HelpersState {
  const [state, setState] = useState<HelpersState & { namespace?: string }>({})
  useEffect(() => {
    if (!namespace) return
    let live = true
    const network = ctx.chains.activeNetwork(namespace as never)
    const loaded =
      namespace === 'solana'
        ? ctx.chains.solana().then((solana) => ({ helpers: solana, solana }))
        : namespace === 'bip122' && network
          ? import('./bitcoin/flow.ts').then(async ({ formHelpers, loadBitcoinHelpers }) => {
              const bitcoin = formHelpers(await loadBitcoinHelpers(ctx), network)
              return { helpers: bitcoin, bitcoin }
            })
          : ctx.chains.evm().then((evm) => ({ helpers: evm, evm }))
    loaded.then(
      (helpers) => live && setState({ namespace, ...helpers }),
      (error: unknown) => {
        ctx.log.warn('could not load the chain helpers', error)
        if (live) setState({ namespace, error })
      },
    )
    return () => {
      live = false
    }
  }, [ctx, namespace])
  return state.namespace === namespace ? state : {}
}
