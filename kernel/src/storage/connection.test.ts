import { describe, expect, it, vi } from 'vitest'
import { forgetAllConnections, forgetNamespace, readStoredConnection, storeConnected } from './connection.ts'
import { STORAGE_KEYS } from './keys.ts'
import { createSafeStorage, type StorageBackend } from './storage.ts'

const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }

function memoryBackend(): StorageBackend & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

describe('stored connection', () => {
  it('round-trips what a reload needs', () => {
    const storage = createSafeStorage(memoryBackend(), log)
    storeConnected(storage, 'eip155', 'dev.portico.wallet', 'eip155:31337')
    expect(readStoredConnection(storage)).toEqual({
      status: 'connected',
      activeNamespace: 'eip155',
      activeCaipNetworkId: 'eip155:31337',
      connectorIds: { eip155: 'dev.portico.wallet' },
      connectedNamespaces: ['eip155'],
    })
  })

  it('reads malformed values as absent', () => {
    const backend = memoryBackend()
    backend.setItem(STORAGE_KEYS.connectionStatus, 'weird')
    backend.setItem(STORAGE_KEYS.activeNamespace, 'cosmos')
    backend.setItem(STORAGE_KEYS.activeCaipNetworkId, 'eip155:1:2')
    backend.setItem(STORAGE_KEYS.connectedNamespaces, 'eip155,,nope')
    const stored = readStoredConnection(createSafeStorage(backend, log))
    expect(stored).toEqual({ connectorIds: {}, connectedNamespaces: ['eip155'] })
  })

  it('never throws when storage itself fails, and logs', () => {
    const failing: StorageBackend = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    const storage = createSafeStorage(failing, log)
    expect(() => storeConnected(storage, 'eip155', 'x', undefined)).not.toThrow()
    expect(readStoredConnection(storage)).toEqual({ connectorIds: {}, connectedNamespaces: [] })
    expect(log.error).toHaveBeenCalled()
  })

  it('reset of a namespace clears its connector id and the stored deep link (behaviour §4 reset)', () => {
    const backend = memoryBackend()
    const storage = createSafeStorage(backend, log)
    storeConnected(storage, 'eip155', 'walletConnect', 'eip155:31337')
    storeConnected(storage, 'solana', 'phantom', undefined)
    storage.set(STORAGE_KEYS.deepLinkChoice, { name: 'Dev Wallet', href: 'devwallet://' })
    forgetNamespace(storage, 'eip155')
    expect(backend.data.has(STORAGE_KEYS.deepLinkChoice)).toBe(false)
    expect(readStoredConnection(storage).connectorIds).toEqual({ solana: 'phantom' })
    expect(readStoredConnection(storage).connectedNamespaces).toEqual(['solana'])
  })

  it('disconnect clears connector ids and marks disconnected', () => {
    const backend = memoryBackend()
    const storage = createSafeStorage(backend, log)
    storeConnected(storage, 'eip155', 'dev.portico.wallet', 'eip155:31337')
    storage.set(STORAGE_KEYS.email, 'a@b.c')
    forgetAllConnections(storage)
    expect(backend.data.get(STORAGE_KEYS.connectedConnectorId('eip155'))).toBeUndefined()
    expect(backend.data.get(STORAGE_KEYS.email)).toBeUndefined()
    expect(backend.data.get(STORAGE_KEYS.connectionStatus)).toBe('disconnected')
  })
})
