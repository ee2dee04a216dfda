import type { ModalOptions, Network } from '@portico/shared-types'
import { PAIRING_EXPIRY_MS } from '@portico/shared-types'
import type { WalletConnectAuthContribution } from '@portico/shared-types/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeProvider, fakeSession } from '../../../test/connectors/walletconnectTesting.ts'
import { contextOf } from '../../account/report.ts'
import { prepareWalletConnect } from '../../account/walletConnect.ts'
import { createEventBus } from '../../events/bus.ts'
import type { Kernel } from '../../kernel.ts'
import { resolveOptions } from '../../options.ts'
import { createViewRegistry } from '../../router/registry.ts'
import { createInitialState } from '../../state/initialState.ts'
import { createStore } from '../../state/store.ts'
import { createSafeStorage, memoryBackend } from '../../storage/storage.ts'
import { drawnQrPath } from '../../ui/primitives/qrMatrix.ts'
import { connectWalletConnect, registerWalletConnect } from './body.ts'
import { type PreparedHolder, preparePairing, takePrepared } from './prepare.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const silent = { debug() {}, info() {}, warn() {}, error() {} }
const network: Network = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  name: 'Chain 31337',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:31337'] } },
}

const kernels: Kernel[] = []
afterEach(() => {
  for (const kernel of kernels.splice(0)) for (const cleanup of kernel.cleanups.splice(0)) cleanup()
})

function setup(app: Partial<ModalOptions> = {}, ensureLoaded = async () => undefined) {
  const options: ModalOptions = { projectId: 'p', networks: [network], ...app }
  const auth: (WalletConnectAuthContribution & { pluginId: string })[] = []
  const kernel = {
    store: createStore(createInitialState(resolveOptions(options), options)),
    bus: createEventBus(),
    storage: createSafeStorage(memoryBackend(), silent as never),
    log: silent as never,
    views: createViewRegistry(),
    providers: new Map(),
    sessions: new Map(),
    cleanups: [],
    plugins: {
      ensureLoaded,
      contributions: (point: string) => (point === 'walletConnectAuth' ? auth : []),
      contextOf: () => ({ pluginId: 'siwx' }),
    },
  } as unknown as Kernel
  kernels.push(kernel)
  const providers: FakeProvider[] = []
  const createProvider = vi.fn(async () => {
    const provider = new FakeProvider()
    providers.push(provider)
    return provider.asProvider()
  })
  registerWalletConnect(contextOf(kernel), { createProvider })
  const signIn = () =>
    auth.push({
      id: 'siwx',
      pluginId: 'siwx',
      params: vi.fn(async () => ({
        domain: 'app.example',
        uri: 'https://app.example/',
        nonce: 'abcdef123456',
      })),
      verify: vi.fn(async () => undefined),
    })
  return { kernel, providers, createProvider, signIn, auth }
}

const until = async (check: () => unknown) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0))
  if (!check()) throw new Error('condition never met')
}

describe('WalletConnect pairing prepared when the Connect view opens', () => {
  it('pairs ahead; choosing WalletConnect shows that uri at once and connects on approval', async () => {
    const { kernel, providers } = setup()
    prepareWalletConnect(kernel)
    await until(() => providers[0]?.connectCalls.length)
    const provider = providers[0] as FakeProvider
    const uri = provider.showUri()
    // Nothing shows yet: the user has not chosen WalletConnect.
    expect(kernel.store.get().connection.status).toBe('disconnected')
    expect(kernel.store.get().connection.wcUri).toBeUndefined()

    const connecting = connectWalletConnect(contextOf(kernel))
    await until(() => kernel.store.get().connection.wcUri)
    expect(kernel.store.get().connection.wcUri).toBe(uri)
    expect(provider.connectCalls).toHaveLength(1)
    provider.approve(fakeSession([`eip155:31337:${ADDRESS}`]))
    await expect(connecting).resolves.toEqual({ supported: true })
    expect(kernel.store.get().connection.status).toBe('connected')
  })

  it("draws the prepared uri's QR code ahead, so the view shows it in its first frame", async () => {
    const { kernel, providers } = setup()
    prepareWalletConnect(kernel)
    await until(() => providers[0]?.connectCalls.length)
    const uri = (providers[0] as FakeProvider).showUri('wc:drawn-ahead@2?relay-protocol=irn&symKey=01')
    // Nobody chose WalletConnect and no QrCode is mounted: the code is drawn all the same.
    await until(() => drawnQrPath(uri))
    expect(drawnQrPath(uri)?.path).toMatch(/^M\d/)
  })

  it('is taken once: the next attempt (Try again) pairs afresh', async () => {
    const { kernel, providers } = setup()
    prepareWalletConnect(kernel)
    await until(() => providers[0]?.connectCalls.length)
    providers[0]?.showUri('wc:prepared@2')
    void connectWalletConnect(contextOf(kernel))
    await until(() => kernel.store.get().connection.wcUri)
    void connectWalletConnect(contextOf(kernel), { fresh: true })
    await until(() => providers[0]?.connectCalls.length === 2)
    providers[0]?.showUri('wc:fresh@2')
    await until(() => kernel.store.get().connection.wcUri === 'wc:fresh@2')
  })

  it('with a plugin that signs in, nothing is prepared and no nonce is asked; the attempt authenticates', async () => {
    const { kernel, providers, signIn, auth } = setup()
    signIn()
    prepareWalletConnect(kernel)
    await until(() => providers[0])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(providers[0]?.connectCalls).toEqual([])
    expect(auth[0]?.params).not.toHaveBeenCalled()
    void connectWalletConnect(contextOf(kernel))
    await until(() => providers[0]?.authenticateCalls.length)
    expect(providers[0]?.connectCalls).toEqual([])
  })

  it('a plugin that signs in arriving after the preparation: the plain pairing is not used', async () => {
    const { kernel, providers, signIn } = setup()
    prepareWalletConnect(kernel)
    await until(() => providers[0]?.connectCalls.length)
    providers[0]?.showUri('wc:plain@2')
    signIn()
    void connectWalletConnect(contextOf(kernel))
    await until(() => providers[0]?.authenticateCalls.length)
    expect(kernel.store.get().connection.wcUri).not.toBe('wc:plain@2')
  })

  it('sign-in off: the pairing waits for no plugin still loading; sign-in on: it waits for them', async () => {
    let loaded: () => void = () => undefined
    const loading = () =>
      new Promise<undefined>((resolve) => {
        loaded = () => resolve(undefined)
      })
    const off = setup({}, loading)
    prepareWalletConnect(off.kernel)
    await until(() => off.providers[0]?.connectCalls.length)

    const on = setup({ features: { siwx: true } }, loading)
    prepareWalletConnect(on.kernel)
    await until(() => on.providers[0])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(on.providers[0]?.connectCalls).toEqual([])
    loaded()
    await until(() => on.providers[0]?.connectCalls.length)
  })

  it('nothing loads or pairs when WalletConnect is not offered, or while a pairing is in flight', async () => {
    const off = setup({ enableWalletConnect: false })
    prepareWalletConnect(off.kernel)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(off.createProvider).not.toHaveBeenCalled()

    const busy = setup()
    void connectWalletConnect(contextOf(busy.kernel))
    await until(() => busy.providers[0]?.connectCalls.length)
    prepareWalletConnect(busy.kernel)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(busy.providers[0]?.connectCalls).toHaveLength(1)
  })
})

describe('preparePairing / takePrepared', () => {
  const steps = (provider: FakeProvider) => ({
    provider: async () => provider.asProvider(),
    plan: async () => () => provider.connect({}) as never,
  })

  it('an expired prepared uri is not shown, and the next preparation replaces it', async () => {
    let now = 1_000_000
    const holder: PreparedHolder = {}
    const provider = new FakeProvider()
    preparePairing(holder, steps(provider), () => now)
    await until(() => provider.connectCalls.length)
    provider.showUri('wc:old@2')
    await until(() => holder.preparedExpiry)
    preparePairing(holder, steps(provider), () => now)
    expect(provider.connectCalls).toHaveLength(1) // still good: kept
    now += PAIRING_EXPIRY_MS
    preparePairing(holder, steps(provider), () => now)
    await until(() => provider.connectCalls.length === 2)
    provider.showUri('wc:new@2')
    expect(
      (
        await takePrepared(
          holder,
          () => true,
          () => now,
        )
      )?.uri,
    ).toBe('wc:new@2')
    expect(holder.prepared).toBeUndefined()

    preparePairing(holder, steps(provider), () => now)
    await until(() => provider.connectCalls.length === 3)
    provider.showUri('wc:later@2')
    await until(() => holder.preparedExpiry)
    now += PAIRING_EXPIRY_MS
    expect(
      await takePrepared(
        holder,
        () => true,
        () => now,
      ),
    ).toBeUndefined()
  })

  it('a failed preparation leaves nothing to take', async () => {
    const holder: PreparedHolder = {}
    const provider = new FakeProvider()
    preparePairing(holder, steps(provider))
    await until(() => provider.connectCalls.length)
    provider.rejectPairing(new Error('relay refused'))
    await until(() => holder.prepared === undefined)
    expect(await takePrepared(holder, () => true)).toBeUndefined()
  })
})
