import { definePlugin } from '@portico/shared-types/plugin'
import { en } from './messages.ts'
import { SelectTokenView } from './SelectTokenView.tsx'
import { SwapView } from './SwapView.tsx'
import { SELECT_TOKEN_VIEW, SWAP_VIEW } from './state.ts'

/**
 * Swaps (behaviour §2 Swap view, §4 swap flow): quotes, approvals and swaps through the blockchain API's
 * /v1/convert calls (a Uniswap-V2 DEX on the devnet), signed by the connected wallet through
 * ctx.account.provider(). eip155 networks only; the API says which ones ('Network not supported for Swaps').
 */
export default definePlugin({
  id: 'swaps',
  // 1.1: ctx.chains.evm() (the kernel's viem helpers) and ctx.i18n formatting.
  api: '^1.1.0',
  views: {
    [SWAP_VIEW]: { component: SwapView, title: en.views.Swap },
    [SELECT_TOKEN_VIEW]: { component: SelectTokenView, title: en.views.SwapSelectToken },
  },
  messages: { en },
  contributes: {
    walletFeatures: [
      {
        id: 'swaps',
        label: en.features.swaps,
        icon: 'swap',
        view: SWAP_VIEW,
        isAvailable: (state) => state.networks.activeNamespace === 'eip155',
      },
    ],
  },
})
