import { definePlugin } from '@portico/shared-types/plugin'
import { embeddedWalletContribution } from '../../embedded-wallet/src/index.ts'
import { SocialButtons } from './SocialButtons.tsx'
import { CONNECTED_SOCIAL_KEY, SOCIAL_CONNECTOR_ID, VIEWS } from './social.ts'
import { strings } from './strings.ts'
import { finishTelegramLogin } from './telegram.ts'
import { ConnectingFarcasterView, ConnectingSocialView } from './views.tsx'

/**
 * Social login (behaviour §1: google, github, apple, facebook, x, discord, and farcaster) through the auth
 * frame (`authFrameUrl`): a provider popup or a Farcaster QR, then the embedded wallet connects as the
 * AUTH connector ID_AUTH_SOCIAL. Unsafe requests open its ApproveTransaction view.
 */
const wallet = embeddedWalletContribution({
  connectorId: SOCIAL_CONNECTOR_ID,
  name: 'Social login',
  views: VIEWS,
})

export default definePlugin({
  id: 'socials',
  // 1.1: contributes.connectors, sensitive views, ctx.account.connect, ctx.alert.
  api: '^1.1.0',
  views: {
    [VIEWS.connectingSocial]: { component: ConnectingSocialView, title: strings.connectingSocialTitle },
    [VIEWS.connectingFarcaster]: {
      component: ConnectingFarcasterView,
      title: strings.connectingFarcasterTitle,
    },
    ...wallet.views,
  },
  contributes: {
    connectMethods: [{ id: 'socials', method: 'social', component: SocialButtons }],
    connectors: wallet.connectors,
    accountMenu: [wallet.accountTypeMenu, wallet.exportKeyMenu],
  },
  setup(ctx) {
    const dispose = wallet.setup(ctx)
    void finishTelegramLogin(ctx)
    const off = ctx.events.on('DISCONNECT_SUCCESS', () => ctx.storage.remove(CONNECTED_SOCIAL_KEY))
    return () => {
      dispose()
      off()
    }
  },
})
