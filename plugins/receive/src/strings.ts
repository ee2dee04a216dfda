export const strings = {
  receive: 'Receive',
  title: 'Receive',
  yourAddress: 'Your address',
  qrLabel: 'QR code of your address',
  copy: 'Copy address',
  copied: 'Address copied',
  networks: 'Networks',
  networksHint: 'Only send assets on these networks to this address.',
  notConnected: 'Connect a wallet to receive funds.',
} as const
