import type { ModalOptions, Network, PorticoEvents, WalletDirectoryEntry } from '@portico/shared-types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeProvider, fakeSession } from '../../../test/connectors/walletconnectTesting.ts'
import { autoReconnect } from '../../account/reconnect.ts'
import { contextOf } from '../../account/report.ts'
import { createEventBus } from '../../events/bus.ts'
import type { Kernel } from '../../kernel.ts'
import { resolveOptions } from '../../options.ts'
import { createViewRegistry } from '../../router/registry.ts'
import { createInitialState } from '../../state/initialState.ts'
import { createStore } from '../../state/store.ts'
import { STORAGE_KEYS } from '../../storage/keys.ts'
import { createSafeStorage, type StorageBackend } from '../../storage/storage.ts'
import {
  connectWalletConnect,
  PairingSupersededError,
  proposalNamespaces,
  registerWalletConnect,
  setWalletConnectLinking,
  WALLET_CONNECT_ID,
  WalletConnectRelayError,
  walletConnectBody,
} from './body.ts'
import type { Platform } from './platform.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const network = (id: number, rpc = `http://127.0.0.1:${id}`): Network => ({
  id,
  caipNetworkId: `eip155:${id}`,
  name: `Chain ${id}`,
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpc] } },
})

const DESKTOP: Platform = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  maxTouchPoints: 0,
  coarsePointer: false,
  telegram: false,
  iframe: false,
}
const TELEGRAM: Platform = { ...DESKTOP, telegram: true }

function mapBackend(): StorageBackend & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

const silent = { debug() {}, info() {}, warn() {}, error() {} }

function makeKernel(
  options: Partial<ModalOptions> = {},
  backend = mapBackend(),
): Kernel & { events: { name: string; payload: unknown }[] } {
  const app: ModalOptions = {
    projectId: 'p',
    networks: [network(31337), network(31338)],
    ...options,
  }
  const bus = createEventBus()
  const events: { name: string; payload: unknown }[] = []
  bus.on('*', (name, payload) => events.push({ name: String(name), payload }))
  return {
    store: createStore(createInitialState(resolveOptions(app), app)),
    bus,
    storage: createSafeStorage(backend, silent as never),
    log: silent as never,
    views: createViewRegistry(),
    providers: new Map(),
    sessions: new Map(),
    cleanups: [],
    plugins: {} as never,
    events,
  } as never
}

const kernels: Kernel[] = []
function setup(options: Partial<ModalOptions> = {}, platform = DESKTOP, backend = mapBackend()) {
  const kernel = makeKernel(options, backend)
  kernels.push(kernel)
  const providers: FakeProvider[] = []
  const created: unknown[] = []
  const next: ReturnType<typeof fakeSession>[] = []
  registerWalletConnect(contextOf(kernel), {
    platform: () => platform,
    createProvider: async (config) => {
      created.push(config)
      const provider = new FakeProvider(next.shift())
      providers.push(provider)
      return provider.asProvider()
    },
  })
  return { kernel, providers, created, next, backend }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const emitted = <K extends keyof PorticoEvents>(kernel: ReturnType<typeof makeKernel>, name: K) =>
  kernel.events.filter((event) => event.name === name).map((event) => event.payload as PorticoEvents[K])

afterEach(() => {
  for (const kernel of kernels.splice(0)) for (const cleanup of kernel.cleanups.splice(0)) cleanup()
  vi.useRealTimers()
})

describe('registerWalletConnect', () => {
  it('offers the walletConnect connector when eip155 networks are requested', () => {
    const { kernel } = setup()
    expect(kernel.store.get().connectors).toEqual([
      { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' },
    ])
  })

  it('does not with enableWalletConnect: false, and rejects a connect then', async () => {
    const { kernel } = setup({ enableWalletConnect: false })
    expect(kernel.store.get().connectors).toEqual([])
    await expect(connectWalletConnect(contextOf(kernel))).rejects.toThrow('WalletConnectConnector not found')
  })
})

describe('proposalNamespaces', () => {
  it('asks for every eip155 network with an rpcMap of their RPC URLs, app overrides first', () => {
    const solana = { ...network(1), chainNamespace: 'solana' as const, caipNetworkId: 'solana:x' as const }
    expect(
      proposalNamespaces([network(31337), network(31338), solana as never], {
        'eip155:31338': 'http://override',
        'eip155:10': 'http://optimism',
      }),
    ).toEqual({
      eip155: {
        chains: ['eip155:31337', 'eip155:31338'],
        methods: [
          'personal_sign',
          'eth_signTypedData_v4',
          'eth_sendTransaction',
          'wallet_switchEthereumChain',
          'wallet_addEthereumChain',
        ],
        events: ['accountsChanged', 'chainChanged'],
        rpcMap: { '10': 'http://optimism', '31337': 'http://127.0.0.1:31337', '31338': 'http://override' },
      },
    })
  })
})

describe('connectWalletConnect', () => {
  it('loads the SDK only when a pairing starts, with the relay, project id and metadata', async () => {
    const metadata = { name: 'App', description: 'd', url: 'http://localhost', icons: [] }
    const { kernel, created } = setup({ relayUrl: 'ws://127.0.0.1:4190', metadata })
    expect(created).toEqual([])
    void connectWalletConnect(contextOf(kernel))
    await flush()
    expect(created).toEqual([
      {
        projectId: 'p',
        relayUrl: 'ws://127.0.0.1:4190',
        metadata,
        debug: false,
        storage: expect.objectContaining({ getItem: expect.any(Function), setItem: expect.any(Function) }),
      },
    ])
  })

  it('shows the uri with a 4 minute expiry, then sets the account and emits CONNECT_SUCCESS (qrcode, Unknown)', async () => {
    const { kernel, providers } = setup()
    const result = connectWalletConnect(contextOf(kernel))
    expect(kernel.store.get().connection).toMatchObject({
      status: 'connecting',
      buffering: true,
      wcError: false,
    })
    await flush()
    const [provider] = providers
    if (!provider) throw new Error('no provider')
    const before = Date.now()
    const uri = provider.showUri()
    const { connection } = kernel.store.get()
    expect(connection).toMatchObject({ wcUri: uri, buffering: false })
    expect(connection.wcPairingExpiry).toBeGreaterThanOrEqual(before + 240_000)
    expect(connection.wcPairingExpiry).toBeLessThanOrEqual(Date.now() + 240_000)

    provider.approve(fakeSession([`eip155:31337:${ADDRESS}`]))
    await expect(result).resolves.toEqual({ supported: true })
    const state = kernel.store.get()
    expect(state.accounts.eip155).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
      connectorId: 'walletConnect',
      connectedWalletInfo: { name: 'Test Wallet', type: 'WALLET_CONNECT' },
    })
    expect(state.connection).toEqual({ status: 'connected', buffering: false, wcError: false })
    expect(kernel.storage.getString(STORAGE_KEYS.connectedConnectorId('eip155'))).toBe('walletConnect')
    expect(emitted(kernel, 'CONNECT_SUCCESS')).toEqual([
      { method: 'qrcode', name: 'Unknown', namespace: 'eip155' },
    ])
    expect(kernel.providers.has(WALLET_CONNECT_ID)).toBe(true)
  })

  it('uses the active network when the wallet approved it, else the first approved chain', async () => {
    const { kernel, providers } = setup({ networks: [network(31338), network(31337)] })
    const result = connectWalletConnect(contextOf(kernel))
    await flush()
    providers[0]?.approve(fakeSession([`eip155:31337:${ADDRESS}`, `eip155:31338:${ADDRESS}`]))
    await result
    expect(kernel.store.get().accounts.eip155?.caipAddress).toBe(`eip155:31338:${ADDRESS}`)
    expect(providers[0]?.chain).toBe('eip155:31338')
  })

  it('reports an approved chain the app did not request as unsupported', async () => {
    const { kernel, providers } = setup()
    const result = connectWalletConnect(contextOf(kernel))
    await flush()
    providers[0]?.approve(fakeSession([`eip155:1:${ADDRESS}`]))
    await expect(result).resolves.toEqual({ supported: false })
  })

  it('behaviour §4 finalizing: a wallet opened by deep link → method mobile, its name, deep link and recent wallet stored', async () => {
    const { kernel, providers, backend } = setup()
    const wallet: WalletDirectoryEntry = { id: 'w1', name: 'Rainbow', mobile_link: 'rainbow://' }
    const result = connectWalletConnect(contextOf(kernel), { wallet })
    await flush()
    providers[0]?.showUri()
    setWalletConnectLinking(contextOf(kernel), wallet, 'rainbow://')
    expect(kernel.store.get().connection).toMatchObject({
      wcLinking: { name: 'Rainbow', href: 'rainbow://' },
      recentWallet: wallet,
    })
    providers[0]?.approve(fakeSession([`eip155:31337:${ADDRESS}`]))
    await result
    expect(emitted(kernel, 'CONNECT_SUCCESS')).toEqual([
      { method: 'mobile', name: 'Rainbow', namespace: 'eip155' },
    ])
    expect(JSON.parse(backend.data.get(STORAGE_KEYS.deepLinkChoice) ?? '')).toEqual({
      name: 'Rainbow',
      href: 'rainbow://',
    })
    expect(JSON.parse(backend.data.get(STORAGE_KEYS.recentWallets) ?? '')).toEqual([{ id: 'w1', wallet }])
    expect(kernel.store.get().accounts.eip155?.connectedWalletInfo?.name).toBe('Rainbow')
  })

  it('times out when the relay gives no uri: relay error, wcError, transport closed, retry on a new client', async () => {
    vi.useFakeTimers()
    const { kernel, providers } = setup({ walletConnectTimeoutMs: 5_000 })
    const result = connectWalletConnect(contextOf(kernel))
    const caught = result.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(kernel.store.get().connection.wcError).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await caught
    expect(error).toBeInstanceOf(WalletConnectRelayError)
    expect((error as Error).message).toBe('Could not reach the WalletConnect relay')
    expect(kernel.store.get().connection).toMatchObject({
      wcError: true,
      status: 'disconnected',
      buffering: false,
    })
    expect(emitted(kernel, 'CONNECT_ERROR')).toEqual([
      { message: 'Could not reach the WalletConnect relay', name: 'WalletConnect' },
    ])
    await vi.advanceTimersByTimeAsync(0)
    expect(providers[0]?.transportClosed).toBe(1)

    const retry = connectWalletConnect(contextOf(kernel))
    await vi.advanceTimersByTimeAsync(0)
    expect(providers).toHaveLength(2)
    providers[1]?.showUri()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(kernel.store.get().connection.wcError).toBe(false)
    providers[1]?.approve(fakeSession([`eip155:31337:${ADDRESS}`]))
    await expect(retry).resolves.toEqual({ supported: true })
  })

  it('defaults to a 15 s timeout', async () => {
    vi.useFakeTimers()
    const { kernel } = setup()
    const caught = connectWalletConnect(contextOf(kernel)).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(14_999)
    expect(kernel.store.get().connection.wcError).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await caught).toBeInstanceOf(WalletConnectRelayError)
  })

  it('fails at once on relayer_error (a refused connection)', async () => {
    const { kernel, providers } = setup()
    const caught = connectWalletConnect(contextOf(kernel)).catch((error: unknown) => error)
    await flush()
    providers[0]?.relayer.emit('relayer_error', new Error('closed with code 3000'))
    expect(await caught).toBeInstanceOf(WalletConnectRelayError)
    expect(kernel.store.get().connection.wcError).toBe(true)
  })

  it('a wallet rejection fails the pairing with its message', async () => {
    const { kernel, providers } = setup()
    const caught = connectWalletConnect(contextOf(kernel)).catch((error: unknown) => error)
    await flush()
    providers[0]?.showUri()
    providers[0]?.rejectPairing(new Error('User rejected.'))
    expect(((await caught) as Error).message).toBe('User rejected.')
    expect(kernel.store.get().connection).toMatchObject({ wcError: true, status: 'disconnected' })
    expect(kernel.store.get().connection.wcUri).toBeUndefined()
  })

  it('reopening keeps a live pairing (same promise, no second proposal); fresh replaces it', async () => {
    const { kernel, providers } = setup()
    const first = connectWalletConnect(contextOf(kernel))
    // Still preparing: wait for it.
    expect(connectWalletConnect(contextOf(kernel))).toBe(first)
    await flush()
    const uri = providers[0]?.showUri()
    expect(connectWalletConnect(contextOf(kernel))).toBe(first)
    expect(providers[0]?.connectCalls).toHaveLength(1)

    const fresh = connectWalletConnect(contextOf(kernel), { fresh: true })
    await expect(first).rejects.toBeInstanceOf(PairingSupersededError)
    await flush()
    expect(providers[0]?.connectCalls).toHaveLength(2)
    expect(kernel.store.get().connection.wcUri).toBeUndefined()
    providers[0]?.showUri(`${uri}-2`)
    expect(kernel.store.get().connection.wcUri).toBe(`${uri}-2`)
    providers[0]?.approve(fakeSession([`eip155:31337:${ADDRESS}`]))
    await expect(fresh).resolves.toEqual({ supported: true })
  })

  it('an expired pairing is not reused', async () => {
    vi.useFakeTimers()
    const { kernel, providers } = setup()
    const first = connectWalletConnect(contextOf(kernel))
    first.catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    providers[0]?.showUri()
    await vi.advanceTimersByTimeAsync(230_000)
    const second = connectWalletConnect(contextOf(kernel))
    expect(second).not.toBe(first)
  })

  it('on Telegram, connect waits for the pairing in flight (behaviour §4)', async () => {
    const { kernel, providers } = setup({}, TELEGRAM)
    const first = connectWalletConnect(contextOf(kernel))
    await flush()
    providers[0]?.showUri()
    expect(connectWalletConnect(contextOf(kernel))).toBe(first)
  })
})

describe('the WalletConnect session as the eip155 account', () => {
  async function connected() {
    const context = setup()
    const result = connectWalletConnect(contextOf(context.kernel))
    await flush()
    const provider = context.providers[0]
    if (!provider) throw new Error('no provider')
    provider.approve(
      fakeSession([`eip155:31337:${ADDRESS}`, `eip155:31338:${ADDRESS}`, `eip155:31337:${OTHER}`]),
    )
    await result
    return { ...context, provider }
  }

  it('forwards requests to the session chain', async () => {
    const { kernel, provider } = await connected()
    await kernel.providers
      .get(WALLET_CONNECT_ID)
      ?.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })
    expect(provider.requests).toEqual([
      { method: 'personal_sign', params: ['0x68', ADDRESS], chain: 'eip155:31337' },
    ])
  })

  it('follows accountsChanged, chainChanged and the wallet deleting the session', async () => {
    const { kernel, provider } = await connected()
    provider.events.emit('accountsChanged', [OTHER])
    expect(kernel.store.get().accounts.eip155?.address).toBe(OTHER)
    provider.events.emit('chainChanged', '31338')
    expect(kernel.store.get().accounts.eip155?.caipAddress).toBe(`eip155:31338:${OTHER}`)
    expect(kernel.store.get().networks.byNamespace.eip155?.caipNetwork?.id).toBe(31338)
    provider.events.emit('disconnect', { code: 6000 })
    expect(kernel.store.get().accounts.eip155?.status).toBe('disconnected')
    expect(kernel.storage.getString(STORAGE_KEYS.connectedConnectorId('eip155'))).toBeUndefined()
  })

  it('the kernel disconnect (wallet_revokePermissions) ends the WalletConnect session', async () => {
    const { kernel, provider } = await connected()
    await kernel.providers.get(WALLET_CONNECT_ID)?.request({ method: 'wallet_revokePermissions', params: [] })
    expect(provider.disconnected).toBe(1)
    expect(kernel.providers.has(WALLET_CONNECT_ID)).toBe(false)
  })

  it('drops the session locally when the relay cannot deliver the delete', async () => {
    const { kernel, provider } = await connected()
    vi.useFakeTimers()
    provider.disconnect = () => new Promise(() => undefined)
    const done = kernel.providers.get(WALLET_CONNECT_ID)?.request({ method: 'wallet_revokePermissions' })
    await vi.advanceTimersByTimeAsync(3_000)
    await done
    expect(provider.session).toBeUndefined()
  })
})

describe('restore on reload', () => {
  it('restores the stored walletConnect connector from the SDK session, without CONNECT_SUCCESS', async () => {
    const backend = mapBackend()
    backend.setItem(STORAGE_KEYS.connectedConnectorId('eip155'), 'walletConnect')
    backend.setItem(STORAGE_KEYS.connectedNamespaces, 'eip155')
    backend.setItem(STORAGE_KEYS.connectionStatus, 'connected')
    const { kernel, next, created } = setup({}, DESKTOP, backend)
    next.push(fakeSession([`eip155:31337:${ADDRESS}`], 'Restored Wallet'))
    await expect(autoReconnect(kernel)).resolves.toBe(true)
    expect(created).toHaveLength(1)
    expect(kernel.store.get().accounts.eip155).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      connectorId: 'walletConnect',
      connectedWalletInfo: { name: 'Restored Wallet' },
    })
    expect(kernel.store.get().connection.status).toBe('connected')
    expect(emitted(kernel, 'CONNECT_SUCCESS')).toEqual([])
  })

  it('finds no session (or an expired one) → not restored, stored id forgotten', async () => {
    const backend = mapBackend()
    backend.setItem(STORAGE_KEYS.connectedConnectorId('eip155'), 'walletConnect')
    backend.setItem(STORAGE_KEYS.connectedNamespaces, 'eip155')
    const { kernel, next } = setup({}, DESKTOP, backend)
    const expired = fakeSession([`eip155:31337:${ADDRESS}`])
    expired.expiry = Math.floor(Date.now() / 1000) - 1
    next.push(expired)
    await expect(autoReconnect(kernel)).resolves.toBe(false)
    expect(backend.data.has(STORAGE_KEYS.connectedConnectorId('eip155'))).toBe(false)
    await expect(
      walletConnectBody.restore(contextOf(kernel), WALLET_CONNECT_ID, 'solana'),
    ).resolves.toBeUndefined()
  })
})
