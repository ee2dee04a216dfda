/**
 * The English words of an open's first paint (the page carries these, not the kernel's catalogue).
 * firstPaintStrings.test.ts keeps them equal to the catalogue's.
 */
export const FIRST_PAINT_STRINGS = {
  connectWallet: 'Connect Wallet',
  close: 'Close',
  walletList: 'Wallets',
  installed: 'Installed',
  walletConnect: 'WalletConnect',
  walletConnectTag: 'QR code',
  namespaces: { eip155: 'EVM', solana: 'Solana' },
} as const
