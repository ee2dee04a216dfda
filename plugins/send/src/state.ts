import type { AccountState, KernelState, Network } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import { initialSendState, type SendState, type SendStore } from './send.ts'

const stores = new WeakMap<PluginContext, SendStore>()

/** One send state per modal (ctx), kept while moving between Send, Select Token and Review Send. */
export function sendStore(ctx: PluginContext): SendStore {
  let store = stores.get(ctx)
  if (!store) {
    store = ctx.createStore<SendState>(initialSendState())
    stores.set(ctx, store)
  }
  return store
}

export function resetSend(store: SendStore): void {
  store.update((draft) => {
    for (const key of Object.keys(draft)) delete (draft as Partial<SendState>)[key as keyof SendState]
    Object.assign(draft, initialSendState())
  })
}

export const activeAccount = (state: KernelState): AccountState | undefined => {
  const namespace = state.networks.activeNamespace
  return namespace ? state.accounts[namespace] : undefined
}

export const activeNetwork = (state: KernelState): Network | undefined => {
  const namespace = state.networks.activeNamespace
  return namespace ? state.networks.byNamespace[namespace]?.caipNetwork : undefined
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** Fiat with 2 decimals (behaviour §5); a positive amount under a cent shows as "< $0.01". */
export const formatUsd = (value: number, lessThanCent: string): string =>
  value > 0 && value < 0.01 ? lessThanCent : usd.format(Number.isFinite(value) ? value : 0)
