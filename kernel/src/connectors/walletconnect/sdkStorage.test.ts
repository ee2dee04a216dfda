import { describe, expect, it, vi } from 'vitest'
import { createSdkStorage, normalizeKey, type StorageBackend } from './sdkStorage.ts'

function fakeBackend(stored: [IDBValidKey, unknown][] = []) {
  const written: [string, string | undefined][] = []
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const backend: StorageBackend & { loads: number } = {
    loads: 0,
    load: async () => {
      backend.loads++
      await gate
      return stored
    },
    write: async (key, value) => {
      written.push([key, value])
    },
  }
  return { backend, written, release }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the SDK storage', () => {
  it('reads the store once and answers every read from memory, with the SDK default’s format', async () => {
    const session = { topic: 'abc', expiry: 1_900_000_000, big: 12345678901234567890n }
    const { backend, release } = fakeBackend([
      ['wc@2:client:0.3:session', '{"topic":"abc","expiry":1900000000,"big":"12345678901234567890n"}'],
      ['wc@2:universal_provider:namespaces', '{"eip155":{"chains":["eip155:1"]}}'],
    ])
    const storage = createSdkStorage(backend, vi.fn())
    const pending = storage.getItem('wc@2:client:0.3:session')
    release()
    expect(await pending).toEqual(session)
    // The key as the SDK asks for it, normalised as the default storage (unstorage) wrote it.
    expect(await storage.getItem('wc@2:universal_provider:/namespaces')).toEqual({
      eip155: { chains: ['eip155:1'] },
    })
    expect(await storage.getKeys()).toEqual(['wc@2:client:0.3:session', 'wc@2:universal_provider:namespaces'])
    expect(await storage.getItem('missing')).toBeUndefined()
    expect(backend.loads).toBe(1)
  })

  it('writes through in order, in the format the SDK default reads back', async () => {
    const { backend, written, release } = fakeBackend()
    release()
    const storage = createSdkStorage(backend, vi.fn())
    await storage.setItem('wc@2:core:0.3:keychain', { a: 1n })
    await storage.setItem('wc@2:core:0.3:keychain', { a: 2n })
    await storage.removeItem('wc@2:core:0.3:keychain')
    await storage.setItem('wc@2:universal_provider:/optionalNamespaces', {})
    expect(await storage.getItem('wc@2:core:0.3:keychain')).toBeUndefined()
    await settle()
    expect(written).toEqual([
      ['wc@2:core:0.3:keychain', '{"a":"1n"}'],
      ['wc@2:core:0.3:keychain', '{"a":"2n"}'],
      ['wc@2:core:0.3:keychain', undefined],
      ['wc@2:universal_provider:optionalNamespaces', '{}'],
    ])
  })

  it('a value read is a copy: changing it changes nothing stored', async () => {
    const { backend, release } = fakeBackend([['k', '{"list":[1]}']])
    release()
    const storage = createSdkStorage(backend, vi.fn())
    const first = await storage.getItem<{ list: number[] }>('k')
    first?.list.push(2)
    expect(await storage.getItem('k')).toEqual({ list: [1] })
  })

  it('without a database (blocked, private mode) it warns once and keeps the records for the page', async () => {
    const warn = vi.fn()
    const storage = createSdkStorage(
      { load: () => Promise.reject(new Error('blocked')), write: () => Promise.reject(new Error('blocked')) },
      warn,
    )
    await storage.setItem('a', 1)
    await storage.setItem('b', 2)
    await settle()
    expect(await storage.getEntries()).toEqual([
      ['a', 1],
      ['b', 2],
    ])
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn.mock.calls[0]?.[0]).toMatch(/storage unavailable/)
    expect(warn.mock.calls[1]?.[0]).toMatch(/not stored/)
  })

  it('skips stored values that are not the SDK’s (not text, or too large)', async () => {
    const { backend, release } = fakeBackend([
      ['object', { not: 'text' }],
      [42, '"numeric key"'],
      ['huge', 'x'.repeat((4 << 20) + 1)],
      ['kept', '"yes"'],
    ])
    release()
    const storage = createSdkStorage(backend, vi.fn())
    expect(await storage.getKeys()).toEqual(['kept'])
  })

  it('normalises keys as unstorage does', () => {
    expect(normalizeKey('wc@2:universal_provider:/namespaces')).toBe('wc@2:universal_provider:namespaces')
    expect(normalizeKey('/a\\b//c:')).toBe('a:b:c')
    expect(normalizeKey('wc@2:core:0.3:keychain')).toBe('wc@2:core:0.3:keychain')
  })
})
