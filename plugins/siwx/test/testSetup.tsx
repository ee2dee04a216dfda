import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { Eip1193Provider, KernelState } from '@portico/shared-types'
import type { AfterConnectContribution, PluginContext, PluginStorage } from '@portico/shared-types/plugin'
import { render } from '@testing-library/react'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { vi } from 'vitest'
import plugin from '../src/index.ts'
import { SignMessageView } from '../src/SignMessageView.tsx'
import { API } from './testVerifier.ts'

const key = generatePrivateKey()
export const signer = privateKeyToAccount(key)

export function memoryStorage(
  data = new Map<string, unknown>(),
): PluginStorage & { data: Map<string, unknown> } {
  return {
    data,
    get: <T,>(k: string) => structuredClone(data.get(k)) as T | undefined,
    set: (k, v) => void data.set(k, structuredClone(v)),
    remove: (k) => void data.delete(k),
  }
}

/** A wallet behind the gated provider: personal_sign with the key (or a rejection). */
export function wallet(reject = false): Eip1193Provider & { request: ReturnType<typeof vi.fn> } {
  return {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
      if (method !== 'personal_sign') throw new Error(`unexpected ${method}`)
      if (reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const [message, address] = params as [Hex, string]
      if (address !== signer.address) throw new Error('wrong account')
      return signer.signMessage({ message: { raw: message } })
    }),
    on: vi.fn(),
    removeListener: vi.fn(),
  } as never
}

export interface Setup {
  required?: boolean
  siwx?: boolean
  provider?: Eip1193Provider | undefined
  storage?: ReturnType<typeof memoryStorage>
  smartAccount?: boolean
  network?: 'requested' | 'unrequested' | 'none'
}

export function setup(options: Setup = {}) {
  const state = connectedState(signer.address, {
    caipAddress: `eip155:31337:${signer.address}`,
    ...(options.smartAccount ? { preferredAccountType: 'smartAccount' as const } : {}),
  }) as KernelState
  const network = state.networks.byNamespace.eip155?.caipNetwork
  Object.assign(state, {
    modal: { open: false },
    router: { history: [], direction: 'next' },
    options: {
      projectId: 'test-project',
      apiUrl: API,
      features: { siwx: options.siwx ?? true },
      metadata: { name: 'Test App', description: '', url: '', icons: [] },
      siwx: { required: options.required ?? false, statement: 'Sign in to Test App' },
    },
    signIn: { required: options.required ?? false, hasSession: false },
  })
  const storage = options.storage ?? memoryStorage()
  const provider = 'provider' in options ? options.provider : wallet()
  const signIn = {
    get: () => ({ ...state.signIn }),
    setHasSession: vi.fn((value: boolean) => {
      state.signIn.hasSession = value
    }),
  }
  const disconnect = vi.fn(async () => {
    const account = state.accounts.eip155
    if (account) account.status = 'disconnected'
  })
  const { ctx } = fakeContext(state, { pluginId: 'siwx', storage, signIn })
  const chosen = options.network ?? 'requested'
  ctx.chains = {
    ...ctx.chains,
    activeNetwork: () => (chosen === 'none' ? undefined : network),
    requestedNetworks: () => (chosen === 'requested' && network ? [network] : []),
  }
  ctx.account = {
    ...ctx.account,
    get: () => state.accounts.eip155,
    provider: () => provider,
    disconnect,
  }
  return { ctx, state, storage, signIn, disconnect, provider }
}

export const hook: AfterConnectContribution | undefined = plugin.contributes.afterConnect[0]
export const afterConnect = (ctx: PluginContext) =>
  hook?.run(ctx, {
    namespace: 'eip155',
    caipAddress: `eip155:31337:${signer.address}`,
  })

export const view = (ctx: PluginContext) => render(<SignMessageView ctx={ctx} params={{}} />)
