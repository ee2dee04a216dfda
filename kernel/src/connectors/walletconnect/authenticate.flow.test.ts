import { ACCOUNT_FEATURES, type ModalOptions, type Network } from '@portico/shared-types'
import type {
  PluginContext,
  WalletConnectAuthContribution,
  WalletConnectSignedAuth,
} from '@portico/shared-types/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeProvider, fakeSession } from '../../../test/connectors/walletconnectTesting.ts'
import { contextOf } from '../../account/report.ts'
import { createEventBus } from '../../events/bus.ts'
import type { Kernel } from '../../kernel.ts'
import { resolveOptions } from '../../options.ts'
import { createViewRegistry } from '../../router/registry.ts'
import { createInitialState } from '../../state/initialState.ts'
import { createStore } from '../../state/store.ts'
import { createSafeStorage, memoryBackend } from '../../storage/storage.ts'
import { connectWalletConnect, registerWalletConnect } from './body.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PARAMS = {
  domain: 'app.example',
  uri: 'https://app.example/',
  nonce: 'abcdef123456',
  statement: 'Sign in',
}
const SIGNATURE = `0x${'ab'.repeat(65)}`
const silent = { debug() {}, info() {}, warn() {}, error() {} }

const network = (id: number, namespace: 'eip155' | 'solana' = 'eip155'): Network => ({
  id,
  caipNetworkId: namespace === 'eip155' ? `eip155:${id}` : `solana:${id}`,
  name: `Chain ${id}`,
  chainNamespace: namespace,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${id}`] } },
})

const cacao = (address = ADDRESS, nonce = PARAMS.nonce) => ({
  h: { t: 'caip122' },
  p: { iss: `did:pkh:eip155:31337:${address}`, nonce, domain: PARAMS.domain, aud: PARAMS.uri, version: '1' },
  s: { t: 'eip191', s: SIGNATURE },
})

const kernels: Kernel[] = []
afterEach(() => {
  for (const kernel of kernels.splice(0)) for (const cleanup of kernel.cleanups.splice(0)) cleanup()
})

type Verify = (ctx: PluginContext, signed: WalletConnectSignedAuth) => Promise<void>

function setup(
  networks: Network[] = [network(31337)],
  verify: Verify = vi.fn(async () => undefined),
  features: ModalOptions['features'] = {},
) {
  const app: ModalOptions = { projectId: 'p', networks: networks as [Network, ...Network[]], features }
  const hook: WalletConnectAuthContribution = {
    id: 'siwx',
    params: vi.fn(async () => PARAMS),
    verify,
  }
  const ctx = { pluginId: 'siwx' } as PluginContext
  const kernel = {
    store: createStore(createInitialState(resolveOptions(app), app)),
    bus: createEventBus(),
    storage: createSafeStorage(memoryBackend(), silent as never),
    log: silent as never,
    views: createViewRegistry(),
    providers: new Map(),
    sessions: new Map(),
    cleanups: [],
    plugins: {
      ensureLoaded: vi.fn(async () => undefined),
      contributions: (point: string) =>
        point === 'walletConnectAuth' ? [{ ...hook, pluginId: 'siwx' }] : [],
      contextOf: () => ctx,
    },
  } as unknown as Kernel
  kernels.push(kernel)
  const providers: FakeProvider[] = []
  registerWalletConnect(contextOf(kernel), {
    createProvider: async () => {
      const provider = new FakeProvider()
      providers.push(provider)
      return provider.asProvider()
    },
  })
  return { kernel, hook, verify, ctx, providers }
}

const until = async (check: () => unknown) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0))
  if (!check()) throw new Error('condition never met')
}

describe('WalletConnect one-click sign-in (authenticate)', () => {
  it('with sign-in on, waits for the plugins still loading, but neither loads nor waits for the account features', async () => {
    const { kernel, providers } = setup([network(31337)], undefined, { siwx: true })
    void connectWalletConnect(contextOf(kernel)).catch(() => undefined)
    await until(() => providers[0]?.authenticateCalls.length)
    expect(kernel.plugins.ensureLoaded).toHaveBeenCalledWith(undefined, ACCOUNT_FEATURES)
    expect(kernel.plugins.ensureLoaded).not.toHaveBeenCalledWith()
  })

  it('pairs with authenticate, says Authenticating..., hands the signed message to the plugin before connecting', async () => {
    const order: string[] = []
    const verify = vi.fn(async (_ctx: PluginContext, _signed: WalletConnectSignedAuth) => {
      order.push(`verify (connected: ${kernelRef.kernel.store.get().accounts.eip155?.status})`)
    })
    const kernelRef = setup([network(31337)], verify)
    const { kernel, hook, ctx, providers } = kernelRef
    kernel.bus.on('CONNECT_SUCCESS', () => order.push('connected'))
    const connecting = connectWalletConnect(contextOf(kernel))
    await until(() => providers[0]?.authenticateCalls.length)
    const provider = providers[0] as FakeProvider
    expect(hook.params).toHaveBeenCalledWith(ctx, { chains: ['eip155:31337'] })
    expect(provider.connectCalls).toEqual([])
    expect(provider.authenticateCalls[0]).toMatchObject({
      ...PARAMS,
      chains: ['eip155:31337'],
      methods: expect.arrayContaining(['personal_sign', 'eth_sendTransaction']),
      optionalNamespaces: { eip155: expect.objectContaining({ chains: ['eip155:31337'] }) },
    })
    expect(kernel.store.get().connection.wcAuthenticating).toBe(true)

    provider.approveAuth(fakeSession([`eip155:31337:${ADDRESS}`]), [cacao()])
    await expect(connecting).resolves.toEqual({ supported: true })
    expect(verify).toHaveBeenCalledWith(ctx, {
      caipAddress: `eip155:31337:${ADDRESS}`,
      message: `did:pkh:eip155:31337:${ADDRESS} signs in with nonce ${PARAMS.nonce}`,
      signature: SIGNATURE,
    })
    expect(order).toEqual(['verify (connected: disconnected)', 'connected'])
    expect(kernel.store.get().connection.wcAuthenticating).toBeUndefined()
  })

  it('a wallet without one-click sign-in answers the fallback proposal: connected, nothing to verify', async () => {
    const { kernel, verify, providers } = setup()
    const connecting = connectWalletConnect(contextOf(kernel))
    await until(() => providers[0]?.authenticateCalls.length)
    providers[0]?.approveAuth(fakeSession([`eip155:31337:${ADDRESS}`]))
    await expect(connecting).resolves.toEqual({ supported: true })
    expect(verify).not.toHaveBeenCalled()
  })

  it('a refused verification ends the session and fails the connection with the reason', async () => {
    const { kernel, providers } = setup(
      [network(31337)],
      vi.fn(async () => {
        throw new Error('Nonce unknown or already used')
      }),
    )
    const connecting = connectWalletConnect(contextOf(kernel))
    await until(() => providers[0]?.authenticateCalls.length)
    providers[0]?.approveAuth(fakeSession([`eip155:31337:${ADDRESS}`]), [cacao()])
    await expect(connecting).rejects.toThrow('Nonce unknown or already used')
    await until(() => providers[0]?.session === undefined)
    expect(kernel.store.get().accounts.eip155?.status).not.toBe('connected')
    expect(kernel.store.get().connection).toMatchObject({ wcError: true, status: 'disconnected' })
    expect(kernel.store.get().connection.wcAuthenticating).toBeUndefined()
  })

  it('a cacao for an account outside the session, or for another nonce, is refused', async () => {
    for (const bad of [cacao(OTHER), cacao(ADDRESS, 'zzzzzzzz9999')]) {
      const { kernel, verify, providers } = setup()
      const connecting = connectWalletConnect(contextOf(kernel))
      await until(() => providers[0]?.authenticateCalls.length)
      providers[0]?.approveAuth(fakeSession([`eip155:31337:${ADDRESS}`]), [bad])
      await expect(connecting).rejects.toThrow(/The wallet signed/)
      expect(verify).not.toHaveBeenCalled()
    }
  })

  it('a non-eip155 network in the app: a plain connect, the plugin is not asked', async () => {
    const { kernel, hook, providers } = setup([network(31337), network(1, 'solana')])
    void connectWalletConnect(contextOf(kernel))
    await until(() => providers[0]?.connectCalls.length)
    expect(providers[0]?.authenticateCalls).toEqual([])
    expect(hook.params).not.toHaveBeenCalled()
  })
})
