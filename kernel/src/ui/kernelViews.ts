import { en } from '../i18n/en.ts'
import type { ViewRegistry } from '../router/registry.ts'
import { UNSUPPORTED_CHAIN_VIEW } from '../router/router.ts'
import { AccountView } from './views/AccountView.tsx'
import { AllWallets } from './views/AllWallets.tsx'
import { ConnectingExternalView } from './views/ConnectingExternalView.tsx'
import { ConnectingWalletConnectView } from './views/ConnectingWalletConnectView.tsx'
import { ConnectView } from './views/ConnectView.tsx'
import { NetworksView } from './views/NetworksView.tsx'
import { UnsupportedChainView } from './views/UnsupportedChainView.tsx'

export function registerKernelViews(views: ViewRegistry): void {
  const owner = 'kernel'
  views.register('Connect', { component: ConnectView, title: en.connectWallet, owner })
  // The list itself is a lazy chunk, fetched when first shown (or when its entry is pointed at).
  views.register('AllWallets', { component: AllWallets, title: en.allWallets.title, owner })
  views.register('ConnectingExternal', { component: ConnectingExternalView, title: en.connecting, owner })
  views.register('ConnectingWalletConnect', {
    component: ConnectingWalletConnectView,
    title: en.walletConnect.title,
    owner,
  })
  views.register('Account', { component: AccountView, title: en.account, owner })
  views.register('Networks', { component: NetworksView, title: en.networks, owner })
  views.register(UNSUPPORTED_CHAIN_VIEW, {
    component: UnsupportedChainView,
    title: en.unsupportedChain,
    owner,
  })
}
