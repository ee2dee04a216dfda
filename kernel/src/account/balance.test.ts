// @vitest-environment node
import type { KernelState, ModalOptions, Network } from '@portico/shared-types'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectEip155 } from '../../test/account/connectEip155.ts'
import { localNetwork } from '../../test/testing.ts'
import { BALANCE_FRESH_MS } from '../api/revalidate.ts'
import type { ConnectorKind } from '../connectors/kind.ts'
import type { Kernel } from '../kernel.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createStore } from '../state/store.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import { createSafeStorage, memoryBackend, type StorageBackend } from '../storage/storage.ts'
import { refreshNativeBalance } from './balance.ts'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const rpc = { default: { http: ['http://127.0.0.1:1'] } }
const local = { ...localNetwork(), rpcUrls: rpc }
const other = { ...localNetwork(31338, 'Other'), rpcUrls: rpc }

/** One modal on `backend` (a reload is a second modal on the same storage), its RPC answering `read`. */
function setup(backend: StorageBackend = memoryBackend()) {
  const options: ModalOptions = { projectId: 'p', networks: [local, other] }
  const store = createStore<KernelState>(createInitialState(resolveOptions(options), options))
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const answers: Array<(balance: string) => void> = []
  const read = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)))
  const kind = { namespace: 'eip155', readBalance: read } as unknown as ConnectorKind
  const kernel = {
    store,
    log,
    storage: createSafeStorage(backend, log),
    connectorKinds: [kind],
  } as unknown as Kernel
  const connect = (network: Network = local) => connectEip155(store, A, network)
  /** Answers the oldest read still waiting. */
  const answer = async (balance: string) => {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0))
    answers.shift()?.(balance)
  }
  const shown = () => store.get().accounts.eip155?.balance
  return { kernel, backend, read, connect, answer, shown }
}

beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }))
afterEach(() => vi.useRealTimers())

describe('native balance, stale-while-revalidate (behaviour §9)', () => {
  it('after a reload shows the cached balance at once, then the read replaces it', async () => {
    const first = setup()
    first.connect()
    const firstRead = refreshNativeBalance(first.kernel, 'eip155')
    await first.answer('1.5')
    await firstRead
    vi.advanceTimersByTime(BALANCE_FRESH_MS)
    const reloaded = setup(first.backend)
    reloaded.connect()
    const pending = refreshNativeBalance(reloaded.kernel, 'eip155')
    expect(reloaded.shown()).toBe('1.5')
    expect(reloaded.read).toHaveBeenCalledTimes(1)
    await reloaded.answer('2.25')
    await pending
    expect(reloaded.shown()).toBe('2.25')
  })

  it('a fresh cached balance is shown without reading; past the window it is read again', async () => {
    const { kernel, read, connect, answer, shown } = setup()
    connect()
    const firstRead = refreshNativeBalance(kernel, 'eip155')
    await answer('1')
    await firstRead
    vi.advanceTimersByTime(BALANCE_FRESH_MS - 1)
    await refreshNativeBalance(kernel, 'eip155')
    expect(read).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    const again = refreshNativeBalance(kernel, 'eip155')
    expect(read).toHaveBeenCalledTimes(2)
    await answer('3')
    await again
    expect(shown()).toBe('3')
  })

  it('force reads past a fresh cached balance (after the app’s own send)', async () => {
    const { kernel, read, connect, answer, shown } = setup()
    connect()
    const firstRead = refreshNativeBalance(kernel, 'eip155')
    await answer('1')
    await firstRead
    const forced = refreshNativeBalance(kernel, 'eip155', { force: true })
    expect(read).toHaveBeenCalledTimes(2)
    await answer('0.4')
    await forced
    expect(shown()).toBe('0.4')
  })

  it('reads not forced join the read already running for the account and network', async () => {
    const { kernel, read, connect, answer } = setup()
    connect()
    const reads = [refreshNativeBalance(kernel, 'eip155'), refreshNativeBalance(kernel, 'eip155')]
    expect(read).toHaveBeenCalledTimes(1)
    await answer('1')
    await Promise.all(reads)
  })

  it('a switch back within 30 s shows that network’s balance at once; an expired one does not show', async () => {
    const { kernel, read, connect, answer, shown } = setup()
    connect(local)
    const onLocal = refreshNativeBalance(kernel, 'eip155')
    await answer('1')
    await onLocal
    connect(other)
    const onOther = refreshNativeBalance(kernel, 'eip155')
    await answer('7')
    await onOther
    connect(local)
    await refreshNativeBalance(kernel, 'eip155')
    expect(shown()).toBe('1')
    expect(read).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(30_000)
    connect(other)
    const expired = refreshNativeBalance(kernel, 'eip155')
    expect(shown()).toBe('1')
    expect(read).toHaveBeenCalledTimes(3)
    await answer('8')
    await expired
    expect(shown()).toBe('8')
  })

  it('a cached value of the wrong shape is ignored and read again', async () => {
    const backend = memoryBackend()
    backend.setItem(
      STORAGE_KEYS.nativeBalanceCache,
      JSON.stringify({ [`eip155:31337:${A}`]: { value: { balance: 5, symbol: {} }, timestamp: Date.now() } }),
    )
    const { kernel, read, connect, shown } = setup(backend)
    connect()
    void refreshNativeBalance(kernel, 'eip155')
    expect(shown()).toBeUndefined()
    expect(read).toHaveBeenCalledTimes(1)
  })
})
