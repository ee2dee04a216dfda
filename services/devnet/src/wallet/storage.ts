/** The part of the Web Storage API the wallet uses, so Node tests can pass their own. */
export interface WalletStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export const STORAGE_KEYS = {
  authorized: 'portico-dev-wallet:authorized',
  chainId: 'portico-dev-wallet:chainId',
  chains: 'portico-dev-wallet:chains',
  /** The Solana (Wallet Standard) side's connect authorization. */
  solanaAuthorized: 'portico-dev-wallet:solana:authorized',
} as const

export function memoryStorage(initial: Record<string, string> = {}): WalletStorage {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

export function readJson<T>(storage: WalletStorage, key: string): T | undefined {
  try {
    const raw = storage.getItem(key)
    return raw === null ? undefined : (JSON.parse(raw) as T)
  } catch {
    return undefined
  }
}

/** Storage can throw (quota, opaque origins); losing persistence must never fail a request. */
export function writeJson(storage: WalletStorage, key: string, value: unknown): void {
  try {
    if (value === undefined) storage.removeItem(key)
    else storage.setItem(key, JSON.stringify(value))
  } catch {
    // keep working without persistence
  }
}
