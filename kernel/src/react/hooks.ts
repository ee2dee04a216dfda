import type { KernelState } from '@portico/shared-types'
import { useSyncExternalStore } from 'react'
import { formatBalance } from '../chains/format.ts'
import { selectActiveAccount, selectActiveNetwork } from '../state/selectors.ts'
import { useModalHandle } from './PorticoProvider.tsx'

function usePortico<T>(selector: (state: KernelState) => T): T {
  const handle = useModalHandle()
  return useSyncExternalStore(
    handle.subscribe,
    () => selector(handle.getState()),
    () => selector(handle.getState()),
  )
}

export function useModal() {
  const handle = useModalHandle()
  const isOpen = usePortico((state) => state.modal.open)
  const themeMode = usePortico((state) => state.theme.themeMode)
  return {
    open: handle.open,
    close: handle.close,
    isOpen,
    themeMode,
    setThemeMode: handle.setThemeMode,
    disconnect: handle.disconnect,
  }
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
  const handle = useModalHandle()
  const network = usePortico(selectActiveNetwork)
  return {
    network,
    caipNetworkId: network?.caipNetworkId,
    chainId: network?.id,
    switchNetwork: handle.switchNetwork,
  }
}

export function useWalletInfo() {
  return { walletInfo: usePortico((state) => selectActiveAccount(state)?.connectedWalletInfo) }
}
