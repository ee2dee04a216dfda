import { RECENT_WALLETS_MAX, type RecentWallet, type WalletDirectoryEntry } from '@portico/shared-types'
import { STORAGE_KEYS } from '../../storage/keys.ts'
import type { SafeStorage } from '../../storage/storage.ts'

const isEntry = (value: unknown): value is WalletDirectoryEntry =>
  typeof (value as WalletDirectoryEntry | undefined)?.id === 'string' &&
  typeof (value as WalletDirectoryEntry).name === 'string'

const isRecentList = (value: unknown): value is RecentWallet[] =>
  Array.isArray(value) &&
  value.every(
    (item) => typeof (item as RecentWallet)?.id === 'string' && isEntry((item as RecentWallet).wallet),
  )

/** behaviour §3 recent wallets (id plus wallet data), newest first. */
export function readRecentWallets(storage: SafeStorage): RecentWallet[] {
  return storage.getJson(STORAGE_KEYS.recentWallets, isRecentList) ?? []
}

/** Puts `wallet` first; behaviour §9 keeps at most 2. */
export function storeRecentWallet(storage: SafeStorage, wallet: WalletDirectoryEntry): void {
  const others = readRecentWallets(storage).filter((recent) => recent.id !== wallet.id)
  storage.set(STORAGE_KEYS.recentWallets, [{ id: wallet.id, wallet }, ...others].slice(0, RECENT_WALLETS_MAX))
}

/**
 * Replaces the entry recorded as `provisionalId` with `wallet` where it stands (a browser wallet
 * recorded before the directory listed it); nothing when it is no longer among the recent wallets.
 */
export function replaceRecentWallet(
  storage: SafeStorage,
  provisionalId: string,
  wallet: WalletDirectoryEntry,
): void {
  const recent = readRecentWallets(storage)
  if (!recent.some((item) => item.id === provisionalId)) return
  const replaced = recent
    .filter((item) => item.id !== wallet.id)
    .map((item) => (item.id === provisionalId ? { id: wallet.id, wallet } : item))
  storage.set(STORAGE_KEYS.recentWallets, replaced.slice(0, RECENT_WALLETS_MAX))
}

export interface DeepLinkChoice {
  name: string
  href: string
}

const isDeepLinkChoice = (value: unknown): value is DeepLinkChoice =>
  typeof (value as DeepLinkChoice | undefined)?.name === 'string' &&
  typeof (value as DeepLinkChoice).href === 'string'

/** behaviour §3 deep-link choice (name, href): the wallet link a pairing was opened with. */
export const storeDeepLinkChoice = (storage: SafeStorage, choice: DeepLinkChoice) =>
  storage.set(STORAGE_KEYS.deepLinkChoice, { name: choice.name, href: choice.href })

export const readDeepLinkChoice = (storage: SafeStorage) =>
  storage.getJson(STORAGE_KEYS.deepLinkChoice, isDeepLinkChoice)

/** A directory entry passed through view params, checked (params are untyped). */
export const asWalletEntry = (value: unknown): WalletDirectoryEntry | undefined =>
  isEntry(value) ? value : undefined
