import { englishTitle as title } from '../i18n/viewTitles.ts'
import { PREVIEW_VIEW } from '../preview/eligibility.ts'
import type { ViewRegistry } from '../router/registry.ts'
import { UNSUPPORTED_CHAIN_VIEW } from '../router/router.ts'
import { Account } from './views/Account.tsx'
import { AllWallets } from './views/AllWallets.tsx'
import { ConnectingExternalView } from './views/ConnectingExternalView.tsx'
import { ConnectingWalletConnectView } from './views/ConnectingWalletConnectView.tsx'
import { ConnectView } from './views/ConnectView.tsx'
import { NetworksView } from './views/NetworksView.tsx'
import { TransactionPreview } from './views/TransactionPreview.tsx'
import { UnsupportedChainView } from './views/UnsupportedChainView.tsx'

export function registerKernelViews(views: ViewRegistry): void {
  const owner = 'kernel'
  views.register('Connect', { component: ConnectView, title: title('Connect'), owner })
  // The list itself is a lazy chunk, fetched when first shown (or when its entry is pointed at).
  views.register('AllWallets', { component: AllWallets, title: title('AllWallets'), owner })
  views.register('ConnectingExternal', {
    component: ConnectingExternalView,
    title: title('ConnectingExternal'),
    owner,
  })
  views.register('ConnectingWalletConnect', {
    component: ConnectingWalletConnectView,
    title: title('ConnectingWalletConnect'),
    owner,
  })
  // A lazy chunk: fetched once an account connects or is restored (createModal).
  views.register('Account', { component: Account, title: title('Account'), owner })
  views.register('Networks', { component: NetworksView, title: title('Networks'), owner })
  views.register(UNSUPPORTED_CHAIN_VIEW, {
    component: UnsupportedChainView,
    title: title(UNSUPPORTED_CHAIN_VIEW),
    owner,
  })
  // A lazy chunk: fetched when an unsafe request to an external wallet arrives (requests/pipeline.ts).
  views.register(PREVIEW_VIEW, {
    component: TransactionPreview,
    title: title(PREVIEW_VIEW),
    owner,
    sensitive: true,
  })
}
