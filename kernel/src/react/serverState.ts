import type { KernelState, ModalOptions } from '@portico/shared-types'
import { resolveOptions } from '../options.ts'
import { createInitialState, emptyAccount } from '../state/initialState.ts'
import type { AccountSnapshot } from '../storage/accountSnapshot.ts'

/**
 * `state` with `account` as the connected active account, when its network is one the app requested;
 * otherwise (an outdated or forged cookie) `state` unchanged.
 */
export function withAccount(state: KernelState, account: AccountSnapshot | undefined): KernelState {
  if (!account) return state
  const { namespace, address, caipNetworkId } = account
  const slice = state.networks.byNamespace[namespace]
  const network = slice?.requestedCaipNetworks.find((candidate) => candidate.caipNetworkId === caipNetworkId)
  if (!slice || !network) return state
  return {
    ...state,
    accounts: {
      ...state.accounts,
      [namespace]: {
        ...(state.accounts[namespace] ?? emptyAccount(namespace)),
        status: 'connected',
        address,
        caipAddress: `${caipNetworkId}:${address}`,
      },
    },
    networks: {
      ...state.networks,
      activeNamespace: namespace,
      byNamespace: { ...state.networks.byNamespace, [namespace]: { ...slice, caipNetwork: network } },
    },
  }
}

/** The state a server renders (and the client hydrates with): the options' initial state plus the account. */
export function serverState(options: ModalOptions, account: AccountSnapshot | undefined): KernelState {
  return withAccount(createInitialState(resolveOptions(options), options), account)
}
