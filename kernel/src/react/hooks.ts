'use client'
import type { KernelState, Network, ThemeMode } from '@portico/shared-types'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { formatBalance } from '../chains/format.ts'
import { selectActiveAccount, selectActiveNetwork } from '../state/selectors.ts'
import { usePorticoClient } from './PorticoProvider.tsx'

function usePortico<T>(selector: (state: KernelState) => T): T {
  const client = usePorticoClient()
  return useSyncExternalStore(
    client.subscribe,
    () => selector(client.getSnapshot()),
    () => selector(client.getServerSnapshot()),
  )
}

export function useModal() {
  const client = usePorticoClient()
  const isOpen = usePortico((state) => state.modal.open)
  const themeMode = usePortico((state) => state.theme.themeMode)
  // Actions reach the modal when called (in the browser), so rendering on a server never needs it; before
  // the kernel body has loaded they load it and run once it is there.
  const actions = useMemo(() => {
    const handle = client.lazyHandle
    return {
      open: (view?: string) => handle.open(view),
      close: () => handle.close(),
      setThemeMode: (mode: ThemeMode) => handle.setThemeMode(mode),
      disconnect: () => handle.disconnect(),
      /**
       * Readies the first open (call on pointer-enter or focus of a connect button, so the click waits
       * on no network): fetches the kernel body and prepares the open's first paint, or creates the
       * modal and checks and preloads the plugin remotes (no plugin code runs).
       */
      preload: () => client.preload(),
    }
  }, [client])
  return { ...actions, isOpen, themeMode }
}

export function useAccount() {
  const account = usePortico(selectActiveAccount)
  return {
    address: account?.address,
    caipAddress: account?.caipAddress,
    status: account?.status ?? 'disconnected',
    isConnected: account?.status === 'connected',
    balance: account?.balance === undefined ? undefined : formatBalance(account.balance),
    balanceSymbol: account?.balanceSymbol,
    namespace: account?.namespace,
  }
}

export function useNetwork() {
  const client = usePorticoClient()
  const network = usePortico(selectActiveNetwork)
  const switchNetwork = useCallback((next: Network) => client.lazyHandle.switchNetwork(next), [client])
  return {
    network,
    caipNetworkId: network?.caipNetworkId,
    chainId: network?.id,
    switchNetwork,
  }
}

export function useWalletInfo() {
  return { walletInfo: usePortico((state) => selectActiveAccount(state)?.connectedWalletInfo) }
}
