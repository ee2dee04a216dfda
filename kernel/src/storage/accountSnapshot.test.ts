import { describe, expect, it, vi } from 'vitest'
import { localNetwork } from '../../test/testing.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { persistAccountSnapshot } from './accountSnapshot.ts'
import { forgetAllConnections, forgetNamespace } from './connection.ts'
import { STORAGE_KEYS } from './keys.ts'
import { createSafeStorage, memoryBackend } from './storage.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }

function setup() {
  const options = { projectId: 'p', networks: [localNetwork()] as [ReturnType<typeof localNetwork>] }
  const store = createStore(createInitialState(resolveOptions(options), options))
  const storage = createSafeStorage(memoryBackend(), log)
  const connect = (address: string) =>
    store.update((draft) => {
      const account = draft.accounts.eip155
      if (!account) return
      account.status = 'connected'
      account.address = address
    })
  const stored = () => storage.getString(STORAGE_KEYS.accountSnapshot)
  return { store, storage, connect, stored }
}

describe('persistAccountSnapshot', () => {
  it('writes the connected active account, and again after a disconnect removed it', () => {
    const { store, storage, connect, stored } = setup()
    const stop = persistAccountSnapshot(store, storage)
    expect(stored()).toBeUndefined()
    connect(ADDRESS)
    expect(JSON.parse(stored() ?? '')).toEqual({
      namespace: 'eip155',
      address: ADDRESS,
      caipNetworkId: 'eip155:31337',
    })

    forgetAllConnections(storage)
    expect(stored()).toBeUndefined()
    // Any later state change while connected writes it back (the same account connected again).
    store.update((draft) => {
      draft.modal.open = true
    })
    expect(stored()).toContain(ADDRESS)
    stop()
  })

  it('never writes an account it could not parse back (a malformed address)', () => {
    const { store, storage, connect, stored } = setup()
    persistAccountSnapshot(store, storage)
    connect('not-an-address')
    expect(stored()).toBeUndefined()
  })

  it('forgetNamespace removes the snapshot of that namespace only', () => {
    const { store, storage, connect, stored } = setup()
    persistAccountSnapshot(store, storage)
    connect(ADDRESS)
    forgetNamespace(storage, 'solana')
    expect(stored()).toContain(ADDRESS)
    forgetNamespace(storage, 'eip155')
    expect(stored()).toBeUndefined()
  })
})
