import { definePlugin, type KernelState } from '@portico/shared-types'
import {
  ApproveTransactionView,
  accountTypeView,
  authConnector,
  embeddedStrings,
  setupEmbeddedWallet,
} from '../../embedded-wallet/src/index.ts'
import { SocialButtons } from './SocialButtons.tsx'
import { CONNECTED_SOCIAL_KEY, SOCIAL_CONNECTOR_ID, VIEWS } from './social.ts'
import { strings } from './strings.ts'
import { ConnectingFarcasterView, ConnectingSocialView } from './views.tsx'

/**
 * Social login (SPEC §1: google, github, apple, facebook, x, discord, and farcaster) through the auth
 * frame (`authFrameUrl`): a provider popup or a Farcaster QR, then the embedded wallet connects as the
 * AUTH connector ID_AUTH_SOCIAL. Unsafe requests open its ApproveTransaction view.
 */
/** Account menu rows for this plugin's own embedded wallet only. */
const ownConnector = (state: KernelState) => state.accounts.eip155?.connectorId === SOCIAL_CONNECTOR_ID

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
    [VIEWS.approve]: {
      component: ApproveTransactionView,
      title: embeddedStrings.approveTitle,
      sensitive: true,
    },
    [VIEWS.accountType]: {
      component: accountTypeView(SOCIAL_CONNECTOR_ID),
      title: embeddedStrings.accountTypeTitle,
    },
  },
  contributes: {
    connectMethods: [{ id: 'socials', method: 'social', component: SocialButtons }],
    connectors: [authConnector(SOCIAL_CONNECTOR_ID, 'Social login', VIEWS.approve)],
    accountMenu: [
      {
        id: 'account-type',
        label: embeddedStrings.accountTypeMenu,
        icon: 'user',
        view: VIEWS.accountType,
        isAvailable: ownConnector,
      },
    ],
  },
  setup(ctx) {
    const dispose = setupEmbeddedWallet(ctx, VIEWS.approve)
    const off = ctx.events.on('DISCONNECT_SUCCESS', () => ctx.storage.remove(CONNECTED_SOCIAL_KEY))
    return () => {
      dispose()
      off()
    }
  },
})
