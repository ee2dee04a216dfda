import { definePlugin } from '@portico/shared-types/plugin'
import { BuyView } from './BuyView.tsx'
import { buyRestricted } from './restricted.ts'
import { strings } from './strings.ts'

export const BUY_VIEW = 'OnRampProviders'

/**
 * On-ramp: buy crypto by card or bank account through the providers the API names for the current
 * network (behaviour §2 onramp, §7 /v1/onramp/*, /v1/generators/onrampurl; the options' `providers`):
 * options, amount, the quotes of the providers that quote, the chosen provider's page in a new window,
 * and the purchases (history with the onramp parameter). Withheld in the restricted time zones.
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
        // Not offered at all in the behaviour §9 restricted time zones (restricted.ts).
        isAvailable: (state) => state.networks.activeNamespace === 'eip155' && !buyRestricted(),
      },
    ],
  },
})
