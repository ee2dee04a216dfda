import type { Network, ThemeMode, WalletDirectoryEntry } from '@portico/shared-types'
import { setAccountTab } from './account/accountTab.ts'
import { refreshNativeBalance } from './account/balance.ts'
import { connectExternal } from './account/connect.ts'
import { disconnectAll } from './account/disconnect.ts'
import { chooseNetworkToConnect } from './account/network.ts'
import { switchNetwork } from './account/switchNetwork.ts'
import {
  connectWalletConnect,
  prepareWalletConnect,
  setWalletConnectLinking,
  type WalletConnectOptions,
} from './account/walletConnect.ts'
import type { Kernel } from './kernel.ts'
import { closeModal, openModal } from './modal/actions.ts'
import { decide, type PreviewDecision } from './preview/decisions.ts'
import { goBack, pushView, replaceView, resetView } from './router/router.ts'
import { createToaster } from './toast/toast.ts'

/** The actions the UI and the public handle call; each is a plain function over the kernel. */
export function createActions(kernel: Kernel) {
  const toast = createToaster(kernel)
  const close = () => closeModal(kernel)
  return {
    open: (view?: string) => openModal(kernel, view),
    close,
    push: (view: string, params?: Record<string, unknown>) => pushView(kernel, view, params),
    replace: (view: string, params?: Record<string, unknown>) => replaceView(kernel, view, params),
    reset: (view: string, params?: Record<string, unknown>) => resetView(kernel, view, params),
    goBack: () => goBack(kernel, close),
    connectExternal: (connectorId: string) => connectExternal(kernel, connectorId),
    connectWalletConnect: (options?: WalletConnectOptions) => connectWalletConnect(kernel, options),
    prepareWalletConnect: () => prepareWalletConnect(kernel),
    setWalletConnectLinking: (wallet: WalletDirectoryEntry, href: string) =>
      setWalletConnectLinking(kernel, wallet, href),
    disconnect: () => disconnectAll(kernel),
    switchNetwork: (network: Network) => switchNetwork(kernel, network),
    chooseNetworkToConnect: (network: Network) => chooseNetworkToConnect(kernel, network),
    setAccountTab: (index: number) => setAccountTab(kernel, index),
    refreshBalance: async () => {
      const namespace = kernel.store.get().networks.activeNamespace
      if (namespace) await refreshNativeBalance(kernel, namespace, { force: true })
    },
    setThemeMode: (themeMode: ThemeMode) => {
      kernel.store.update((draft) => {
        draft.theme.themeMode = themeMode
      })
      kernel.bus.emit('THEME_CHANGED', { themeMode })
    },
    /** The visitor's Continue or Reject on a transaction preview; false when the request waits no more. */
    decidePreview: (previewId: string, decision: PreviewDecision) => decide(kernel, previewId, decision),
    toast,
  }
}

export type KernelActions = ReturnType<typeof createActions>
