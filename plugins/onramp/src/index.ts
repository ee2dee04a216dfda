import { definePlugin } from '@portico/shared-types'
import { BuyView } from './BuyView.tsx'
import { strings } from './strings.ts'

export const BUY_VIEW = 'OnRampProviders'

/**
 * On-ramp: buy crypto by card or bank account through the sandbox providers (SPEC §2 onramp, §7
 * /v1/onramp/*, /v1/generators/onrampurl): options, amount, both providers' quotes, the chosen
 * provider's page in a new window, and the purchases (history with the onramp parameter).
 */
export default definePlugin({
  id: 'onramp',
  api: '^1.0.0',
  views: { [BUY_VIEW]: { component: BuyView, title: strings.title } },
  contributes: {
    walletFeatures: [
      {
        id: 'onramp',
        label: strings.buy,
        icon: 'card',
        view: BUY_VIEW,
        isAvailable: (state) => state.networks.activeNamespace === 'eip155',
      },
    ],
  },
})
