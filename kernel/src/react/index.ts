export { ConnectButton, type ConnectButtonProps, type ConnectButtonState } from './ConnectButton.tsx'
export { useAccount, useModal, useNetwork, useWalletInfo } from './hooks.ts'
export { PorticoProvider, useModalHandle } from './PorticoProvider.tsx'
