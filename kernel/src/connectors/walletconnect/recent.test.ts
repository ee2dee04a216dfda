import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../storage/keys.ts'
import { createSafeStorage } from '../../storage/storage.ts'
import {
  asWalletEntry,
  readDeepLinkChoice,
  readRecentWallets,
  storeDeepLinkChoice,
  storeRecentWallet,
} from './recent.ts'

function storage() {
  const data = new Map<string, string>()
  const backend = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
  const log = { debug() {}, info() {}, warn() {}, error() {} }
  return { data, storage: createSafeStorage(backend, log as never) }
}

const wallet = (id: string) => ({ id, name: `Wallet ${id}` })

describe('recent wallets (behaviour §3, §9)', () => {
  it('keeps at most 2, newest first, each once', () => {
    const { storage: s } = storage()
    storeRecentWallet(s, wallet('a'))
    storeRecentWallet(s, wallet('b'))
    storeRecentWallet(s, wallet('a'))
    storeRecentWallet(s, wallet('c'))
    expect(readRecentWallets(s)).toEqual([
      { id: 'c', wallet: wallet('c') },
      { id: 'a', wallet: wallet('a') },
    ])
  })

  it('reads a malformed value as none', () => {
    const { data, storage: s } = storage()
    data.set(STORAGE_KEYS.recentWallets, '{"id":1}')
    expect(readRecentWallets(s)).toEqual([])
    storeRecentWallet(s, wallet('a'))
    expect(readRecentWallets(s)).toEqual([{ id: 'a', wallet: wallet('a') }])
  })
})

describe('deep-link choice', () => {
  it('stores name and href', () => {
    const { data, storage: s } = storage()
    storeDeepLinkChoice(s, { name: 'Rainbow', href: 'rainbow://' })
    expect(JSON.parse(data.get(STORAGE_KEYS.deepLinkChoice) ?? '')).toEqual({
      name: 'Rainbow',
      href: 'rainbow://',
    })
    expect(readDeepLinkChoice(s)).toEqual({ name: 'Rainbow', href: 'rainbow://' })
  })
})

describe('asWalletEntry', () => {
  it('accepts directory entries only', () => {
    expect(asWalletEntry(wallet('a'))).toEqual(wallet('a'))
    expect(asWalletEntry({ id: 'a' })).toBeUndefined()
    expect(asWalletEntry(undefined)).toBeUndefined()
  })
})
