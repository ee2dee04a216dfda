/**
 * What the WalletConnect views read of the connector, in one place: the wallet chosen (view params),
 * its deep links for the pairing uri on this platform, when the shown pairing is replaced, and what a
 * failed attempt means (a relay error offers a retry; a superseded one is not an error).
 */
import type { WalletDirectoryEntry } from '@portico/shared-types'
import { type WalletLink, walletLinks } from './deepLinks.ts'
import { PairingSupersededError, WalletConnectRelayError } from './errors.ts'
import { pairingRefreshDelay } from './pairing.ts'
import { readPlatform } from './platform.ts'
import { asWalletEntry } from './recent.ts'

export const walletConnectDescriptor = {
  /** A directory entry passed through view params, checked (params are untyped). */
  walletOf: (value: unknown): WalletDirectoryEntry | undefined => asWalletEntry(value),
  /** The wallet's links that open `uri`, for the platform the page runs on. */
  links: (wallet: WalletDirectoryEntry, uri: string): WalletLink[] =>
    walletLinks(wallet, uri, readPlatform()),
  /** When the shown pairing (expiring at `expiry`) should be replaced. */
  refreshDelay: (expiry: number): number => pairingRefreshDelay(expiry),
  isRelayError: (error: unknown): boolean => error instanceof WalletConnectRelayError,
  isSuperseded: (error: unknown): boolean => error instanceof PairingSupersededError,
}
