/**
 * What the email and socials plugins each contribute for their own embedded wallet: the AUTH
 * connector, its ApproveTransaction view (sensitive), the Account type view and its Account menu row
 * (shown only while that plugin's connector is the connected one), and the shared setup.
 */

import type { KernelState } from '@portico/shared-types'
import type {
  AccountMenuContribution,
  ConnectorContribution,
  Disposer,
  PluginContext,
  PluginView,
} from '@portico/shared-types/plugin'
import { accountTypeView } from './AccountTypeView.tsx'
import { ApproveTransactionView } from './ApproveTransactionView.tsx'
import { authConnector, setupEmbeddedWallet } from './connector.ts'
import { ExportKeyView } from './ExportKeyView.tsx'
import { strings } from './strings.ts'

export interface EmbeddedWalletOptions {
  /** The plugin's AUTH connector id and name. */
  connectorId: string
  name: string
  /** The plugin's own view names. */
  views: { approve: string; accountType: string; exportKey: string }
}

export interface EmbeddedWalletContribution {
  /** Whether the connected eip155 account is this plugin's embedded wallet (Account menu rows). */
  ownConnector(state: KernelState): boolean
  views: Record<string, PluginView>
  connectors: ConnectorContribution[]
  accountTypeMenu: AccountMenuContribution
  /** Export private key (the keys are shown inside the frame only). */
  exportKeyMenu: AccountMenuContribution
  setup(ctx: PluginContext): Disposer
}

export function embeddedWalletContribution({
  connectorId,
  name,
  views,
}: EmbeddedWalletOptions): EmbeddedWalletContribution {
  const ownConnector = (state: KernelState) => state.accounts.eip155?.connectorId === connectorId
  return {
    ownConnector,
    views: {
      [views.approve]: { component: ApproveTransactionView, title: strings.approveTitle, sensitive: true },
      [views.accountType]: { component: accountTypeView(connectorId), title: strings.accountTypeTitle },
      [views.exportKey]: { component: ExportKeyView, title: strings.exportTitle, sensitive: true },
    },
    connectors: [authConnector(connectorId, name, views.approve)],
    accountTypeMenu: {
      id: 'account-type',
      label: strings.accountTypeMenu,
      icon: 'user',
      view: views.accountType,
      isAvailable: ownConnector,
    },
    exportKeyMenu: {
      id: 'export-key',
      label: strings.exportMenu,
      icon: 'warning',
      view: views.exportKey,
      isAvailable: ownConnector,
    },
    setup: (ctx) => setupEmbeddedWallet(ctx, views.approve),
  }
}
