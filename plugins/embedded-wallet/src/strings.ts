/** Strings of the embedded wallet's shared views, English. behaviour §8 messages come from MESSAGES. */
export const strings = {
  approveTitle: 'Approve Transaction',
  frameNote: 'Review the request in your wallet below: only your click there approves it.',
  noRequest: 'No request is waiting for approval.',
  exportTitle: 'Export Private Key',
  exportMenu: 'Export private key',
  exportNote: 'Your key is shown in your wallet below, never to this site.',
  accountTypeTitle: 'Account Type',
  accountTypeMenu: 'Switch account type',
  smartAccount: 'Smart account',
  eoa: 'EOA (externally owned account)',
  current: 'Current',
  switching: 'Switching account type…',
  switchTo: (type: string) => `Switch to ${type}`,
  fellBack: 'Could not switch the account type: using the EOA account',
  notEmbedded: 'Account types apply to the email or social login wallet only.',
  farcasterCancelled: 'The Farcaster sign-in was cancelled.',
} as const
