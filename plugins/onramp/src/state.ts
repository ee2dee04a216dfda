import type { KernelState, TransactionHistoryItem } from '@portico/shared-types'
import type { OnrampOptionsResponse } from '@portico/shared-types/api'
import type { BlockchainApiClient, PluginContext, PluginStore } from '@portico/shared-types/plugin'
import type { Quote } from './onramp.ts'

export interface Purchase {
  /** The provider's id. */
  provider: string
  item: TransactionHistoryItem
}

export interface OnrampState {
  options?: OnrampOptionsResponse & { fallback?: true }
  loadingOptions: boolean
  /** Purchase currency id (eth, usdc…); the first offered when unset. */
  currency?: string
  fiat: string
  method: string
  amount: string
  /** Only the providers that quote; the others are offered without one. */
  quotes: { provider: string; quote: Quote }[]
  /** The request the quotes answer (currency, fiat, method, amount, network). */
  quotesFor?: string
  loadingQuotes: boolean
  /** The provider id whose page is being opened, then was opened. */
  opening?: string
  opened?: string
  error?: string
  purchases: Purchase[]
  purchasesStatus: 'idle' | 'loading' | 'loaded' | 'failed'
}

export const initialState = (): OnrampState => ({
  loadingOptions: false,
  fiat: 'USD',
  method: 'card',
  amount: '100',
  quotes: [],
  loadingQuotes: false,
  purchases: [],
  purchasesStatus: 'idle',
})

const stores = new WeakMap<PluginContext, PluginStore<OnrampState>>()

/** The plugin's own store, one per context (so a view remount keeps the form). */
export function onrampStore(ctx: PluginContext): PluginStore<OnrampState> {
  let store = stores.get(ctx)
  if (!store) {
    store = ctx.createStore(initialState())
    stores.set(ctx, store)
  }
  return store
}

export function apiOf(ctx: PluginContext): BlockchainApiClient | undefined {
  return ctx.services.api
}

/** The connected eip155 account and its network, or undefined. */
export function activeEvm(
  state: KernelState,
): { address: string; chainId: string; networkName: string } | undefined {
  if (state.networks.activeNamespace !== 'eip155') return undefined
  const account = state.accounts.eip155
  const network = state.networks.byNamespace.eip155?.caipNetwork
  if (account?.status !== 'connected' || !account.address || !network) return undefined
  return { address: account.address, chainId: String(network.id), networkName: network.name }
}
