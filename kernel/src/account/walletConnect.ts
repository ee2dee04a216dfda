/**
 * The WalletConnect actions of the Connect flow (pairing, deep links): they load the WalletConnect
 * body and hand it the lifecycle's context, which writes the pairing and the session it reports.
 */
import type { WalletDirectoryEntry } from '@portico/shared-types'
import type { WalletConnectOptions } from '../connectors/walletconnect/body.ts'
import { loadWalletConnect } from '../connectors/walletconnect/kind.ts'
import type { Kernel } from '../kernel.ts'
import { loadQrEncoder, qrPath } from '../ui/primitives/qrMatrix.ts'
import type { ConnectResult } from './connect.ts'
import { contextOf } from './report.ts'

export type { WalletConnectOptions }

/** Starts (or joins) a pairing; resolves once a wallet approved and the eip155 account is set. */
export async function connectWalletConnect(
  kernel: Kernel,
  options?: WalletConnectOptions,
): Promise<ConnectResult> {
  return (await loadWalletConnect()).connectWalletConnect(contextOf(kernel), options)
}

/**
 * The Connect view lists WalletConnect: load it and prepare a pairing. The QR encoder is needed as soon
 * as the uri is shown, and the prepared uri's code is drawn now: choosing WalletConnect then shows it
 * in the view's first frame.
 */
export const prepareWalletConnect = (kernel: Kernel) =>
  void loadWalletConnect().then(
    (body) => {
      const uri = body.prepareWalletConnect(contextOf(kernel))
      if (!uri) return
      void loadQrEncoder().catch(() => undefined)
      void uri.then((ready) => (ready ? qrPath(ready) : undefined)).catch(() => undefined)
    },
    (error: unknown) => kernel.log.warn('Portico: WalletConnect not prepared', error),
  )

/** The visitor opened `wallet` through one of its links. */
export async function setWalletConnectLinking(kernel: Kernel, wallet: WalletDirectoryEntry, href: string) {
  ;(await loadWalletConnect()).setWalletConnectLinking(contextOf(kernel), wallet, href)
}
