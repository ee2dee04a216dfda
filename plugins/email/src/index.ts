import { definePlugin, type KernelState } from '@portico/shared-types'
import {
  ApproveTransactionView,
  accountTypeView,
  authConnector,
  embeddedStrings,
  setupEmbeddedWallet,
} from '../../embedded-wallet/src/index.ts'
import { EmailConnect } from './EmailConnect.tsx'
import { EMAIL_CONNECTOR_ID, VIEWS } from './flow.ts'
import { strings } from './strings.ts'
import {
  UpdateEmailView,
  UpdatePrimaryOtpView,
  UpdateSecondaryOtpView,
  VerifyDeviceView,
  VerifyOtpView,
} from './views.tsx'

/**
 * Email login (SPEC §4): an address in the Connect view, a one-time code (and a device approval for a
 * new device) through the auth frame on its own origin (`authFrameUrl`), then the embedded wallet is
 * connected as the AUTH connector ID_AUTH. Unsafe requests open ApproveTransaction; the Account menu
 * updates the email and switches the preferred account type. The frame loads on first use only.
 */
/** Account menu rows for this plugin's own embedded wallet only. */
const ownConnector = (state: KernelState) => state.accounts.eip155?.connectorId === EMAIL_CONNECTOR_ID

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
    [VIEWS.approve]: {
      component: ApproveTransactionView,
      title: embeddedStrings.approveTitle,
      sensitive: true,
    },
    [VIEWS.accountType]: {
      component: accountTypeView(EMAIL_CONNECTOR_ID),
      title: embeddedStrings.accountTypeTitle,
    },
  },
  contributes: {
    connectMethods: [{ id: 'email', method: 'email', component: EmailConnect }],
    connectors: [authConnector(EMAIL_CONNECTOR_ID, 'Email', VIEWS.approve)],
    accountMenu: [
      {
        id: 'update-email',
        label: strings.updateEmailMenu,
        icon: 'mail',
        view: VIEWS.updateEmail,
        isAvailable: ownConnector,
      },
      {
        id: 'account-type',
        label: embeddedStrings.accountTypeMenu,
        icon: 'user',
        view: VIEWS.accountType,
        isAvailable: ownConnector,
      },
    ],
  },
  setup: (ctx) => setupEmbeddedWallet(ctx, VIEWS.approve),
})
