import { definePlugin } from '@portico/shared-types/plugin'
import { embeddedWalletContribution } from '../../embedded-wallet/src/index.ts'
import { EmailConnect } from './EmailConnect.tsx'
import { EMAIL_CONNECTOR_ID, VIEWS } from './flow.ts'
import { AddPasskeyView, PasskeyConnectView } from './PasskeyViews.tsx'
import { strings } from './strings.ts'
import {
  UpdateEmailView,
  UpdatePrimaryOtpView,
  UpdateSecondaryOtpView,
  VerifyDeviceView,
  VerifyOtpView,
} from './views.tsx'

/**
 * Email login (behaviour §4): an address in the Connect view, a one-time code (and a device approval for a
 * new device) through the auth frame on its own origin (`authFrameUrl`), then the embedded wallet is
 * connected as the AUTH connector ID_AUTH. A passkey (made and used in the frame's own view) signs in to
 * the same embedded wallet, creates one, or is added to it from the Account menu. Unsafe requests open ApproveTransaction; the Account menu
 * updates the email and switches the preferred account type. The frame loads on first use only.
 */
const wallet = embeddedWalletContribution({ connectorId: EMAIL_CONNECTOR_ID, name: 'Email', views: VIEWS })

export default definePlugin({
  id: 'email',
  // 1.1: contributes.connectors, sensitive views, ctx.account.connect, ctx.alert.
  api: '^1.1.0',
  views: {
    [VIEWS.verifyOtp]: { component: VerifyOtpView, title: strings.verifyOtpTitle },
    [VIEWS.verifyDevice]: { component: VerifyDeviceView, title: strings.verifyDeviceTitle },
    [VIEWS.updateEmail]: { component: UpdateEmailView, title: strings.updateEmailTitle },
    [VIEWS.updatePrimaryOtp]: { component: UpdatePrimaryOtpView, title: strings.primaryOtpTitle },
    [VIEWS.updateSecondaryOtp]: { component: UpdateSecondaryOtpView, title: strings.secondaryOtpTitle },
    [VIEWS.passkey]: { component: PasskeyConnectView, title: strings.passkeyTitle },
    [VIEWS.addPasskey]: { component: AddPasskeyView, title: strings.addPasskeyTitle },
    ...wallet.views,
  },
  contributes: {
    connectMethods: [{ id: 'email', method: 'email', component: EmailConnect }],
    connectors: wallet.connectors,
    accountMenu: [
      {
        id: 'update-email',
        label: strings.updateEmailMenu,
        icon: 'mail',
        view: VIEWS.updateEmail,
        // Only for this plugin's own embedded wallet.
        isAvailable: wallet.ownConnector,
      },
      {
        id: 'add-passkey',
        label: strings.addPasskeyMenu,
        icon: 'user',
        view: VIEWS.addPasskey,
        isAvailable: wallet.ownConnector,
      },
      wallet.accountTypeMenu,
      wallet.exportKeyMenu,
    ],
  },
  setup: wallet.setup,
})
