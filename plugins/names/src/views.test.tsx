import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import type { BlockchainApiClient, PluginContext } from '@portico/shared-types/plugin'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { type Hex, hexToString, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import plugin from './index.ts'
import { RegisterView } from './RegisterView.tsx'
import { SuccessView } from './SuccessView.tsx'
import { storeOf } from './state.ts'

afterEach(cleanup)

const signer = privateKeyToAccount(generatePrivateKey())
const taken = new Set(['carol.reown.id'])

function scriptedApi(register: BlockchainApiClient['profileRegister']) {
  return {
    profileSuggestions: vi.fn(async (label: string) => ({
      // The last two break the rules: never offered.
      suggestions: [`${label}.reown.id`, `${label}1.reown.id`, `${label}.eth`, 'x\u0430y.reown.id'].map(
        (name) => ({
          name,
          registered: taken.has(name),
        }),
      ),
    })),
    profileRegister: vi.fn(register),
  }
}

/** A connected eip155 account whose wallet really signs (viem), and a router that moves the kernel state. */
function setup(
  options: {
    register?: BlockchainApiClient['profileRegister']
    reject?: boolean
    state?: Partial<KernelState>
  } = {},
) {
  const api = scriptedApi(options.register ?? (async () => ({ success: true })))
  const state = {
    ...connectedState(signer.address),
    router: { history: [{ view: 'RegisterAccountName' }], direction: 'next' },
    ...options.state,
  } as KernelState
  const provider = {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
      if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      const [data, address] = params as [Hex, string]
      if (method !== 'personal_sign' || address !== signer.address) throw new Error('unexpected request')
      return signer.signMessage({ message: { raw: data } })
    }),
    on: vi.fn(),
    removeListener: vi.fn(),
  }
  const holder = {} as { kernel: ReturnType<typeof fakeContext>['kernel'] }
  const move = (kind: 'push' | 'replace') =>
    vi.fn((view: string) =>
      holder.kernel.update((draft) => {
        if (kind === 'replace') draft.router.history.pop()
        draft.router.history.push({ view })
      }),
    )
  const { ctx, kernel } = fakeContext(state, {
    services: { api: api as unknown as BlockchainApiClient },
    router: { push: move('push'), replace: move('replace'), goBack: vi.fn(), reset: vi.fn() },
    chains: {
      ...fakeContext(state).ctx.chains,
      activeNetwork: () => state.networks.byNamespace.eip155?.caipNetwork,
    },
    account: {
      get: (namespace) => kernel.get().accounts[namespace ?? 'eip155'],
      provider: () => provider,
      refreshBalance: vi.fn(async () => {}),
    },
  })
  holder.kernel = kernel
  return { ctx, kernel, api, provider }
}

const search = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: text } })
const view = (ctx: PluginContext) => ctx.getState().router.history.at(-1)?.view

describe('RegisterAccountName', () => {
  it('asks for suggestions once, after the debounce, and shows which names are free', async () => {
    const { ctx, api } = setup()
    render(<RegisterView ctx={ctx} params={{}} />)
    search('ali')
    search('alic')
    search('Alice.reown.id')
    await screen.findByRole('list', { name: 'Names' }, { timeout: 2000 })
    expect(api.profileSuggestions).toHaveBeenCalledTimes(1)
    expect(api.profileSuggestions).toHaveBeenCalledWith('alice')
    expect(screen.getByRole('button', { name: 'alice.reown.id Available' })).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'alice.reown.id Available',
      'alice1.reown.id Available',
    ])
    search('car')
    expect(screen.queryByRole('list', { name: 'Names' })).toBeNull()
    search('carol')
    const takenRow = await screen.findByRole('button', { name: 'carol.reown.id Taken' }, { timeout: 2000 })
    fireEvent.click(takenRow)
    expect(ctx.router.push).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'carol1.reown.id Available' })).toBeTruthy()
  })

  it('flags a name off behaviour §5 and asks nothing', async () => {
    const { ctx, api } = setup()
    render(<RegisterView ctx={ctx} params={{}} />)
    search('ab_c')
    expect(screen.getByRole('alert').textContent).toBe(
      'Use at least 4 characters: letters, digits or hyphens only',
    )
    search('аlice') // Cyrillic а
    expect(screen.getByRole('alert')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(api.profileSuggestions).not.toHaveBeenCalled()
  })

  it('says why names are unavailable: no API, a non-EVM account, no account', () => {
    const noApi = fakeContext(connectedState(signer.address)).ctx
    render(<RegisterView ctx={noApi} params={{}} />)
    expect(screen.getByText(/Names are unavailable/)).toBeTruthy()
    cleanup()
    const solana = setup({
      state: { networks: { activeNamespace: 'solana', byNamespace: {} } } as Partial<KernelState>,
    })
    render(<RegisterView ctx={solana.ctx} params={{}} />)
    expect(screen.getByText('Names are available for EVM accounts only')).toBeTruthy()
  })
})

describe('registration (behaviour §4)', () => {
  it('shows the success view at once, signs, registers with the coin type, then confirms', async () => {
    const { ctx, api, provider } = setup()
    render(<RegisterView ctx={ctx} params={{}} />)
    search('alice')
    fireEvent.click(
      await screen.findByRole('button', { name: 'alice.reown.id Available' }, { timeout: 2000 }),
    )
    expect(ctx.router.push).toHaveBeenCalledWith('RegisterAccountNameSuccess', { name: 'alice.reown.id' })
    cleanup()
    render(<SuccessView ctx={ctx} params={{ name: 'alice.reown.id' }} />)
    // The test kit's Text renders a <p>; the kernel's renders the h3 asked for.
    await screen.findByText('alice.reown.id is yours')
    const [params] = api.profileRegister.mock.calls[0] ?? []
    if (!params) throw new Error('not registered')
    expect(params.coinType).toBe(0x80000000 + 31337)
    expect(params.address).toBe(signer.address)
    expect(JSON.parse(params.message)).toMatchObject({ name: 'alice.reown.id', attributes: {} })
    const [data] = provider.request.mock.calls[0]?.[0].params as [Hex]
    expect(hexToString(data)).toBe(params.message)
    expect(
      await verifyMessage({
        address: signer.address,
        message: params.message,
        signature: params.signature as Hex,
      }),
    ).toBe(true)
    expect(ctx.account.refreshBalance).toHaveBeenCalled()
    expect(storeOf(ctx).get().loading).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Back to account' }))
    expect(ctx.router.reset).toHaveBeenCalledWith('Account')
  })

  it("returns to RegisterAccountName with 'Error registering name {name}' and the API's reason", async () => {
    const { ctx } = setup({
      register: async () => {
        throw new Error('Name alice.reown.id is already taken')
      },
    })
    render(<RegisterView ctx={ctx} params={{}} />)
    search('alice')
    fireEvent.click(
      await screen.findByRole('button', { name: 'alice.reown.id Available' }, { timeout: 2000 }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Error registering name alice.reown.id')
    expect(alert.textContent).toContain('Name alice.reown.id is already taken')
    expect(view(ctx)).toBe('RegisterAccountName')
    expect(ctx.toast.error).toHaveBeenCalledWith('Error registering name alice.reown.id')
    expect(storeOf(ctx).get().loading).toBe(false)
  })

  it('never calls the API when the wallet declines', async () => {
    const { ctx, api } = setup({ reject: true })
    render(<RegisterView ctx={ctx} params={{}} />)
    search('alice')
    fireEvent.click(
      await screen.findByRole('button', { name: 'alice.reown.id Available' }, { timeout: 2000 }),
    )
    expect((await screen.findByRole('alert')).textContent).toContain('User rejected the request.')
    expect(api.profileRegister).not.toHaveBeenCalled()
  })

  it('clears loading when the visitor leaves the success view before the wallet answers', async () => {
    let answer: (value: { success: boolean }) => void = () => {}
    const { ctx, kernel } = setup({ register: () => new Promise((resolve) => (answer = resolve)) })
    render(<RegisterView ctx={ctx} params={{}} />)
    search('alice')
    fireEvent.click(
      await screen.findByRole('button', { name: 'alice.reown.id Available' }, { timeout: 2000 }),
    )
    await waitFor(() => expect(storeOf(ctx).get().loading).toBe(true))
    act(() => kernel.update((draft) => void draft.router.history.push({ view: 'Account' })))
    expect(storeOf(ctx).get().loading).toBe(false)
    answer({ success: true })
    await waitFor(() => expect(storeOf(ctx).get().registered).toBe('alice.reown.id'))
    expect(view(ctx)).toBe('Account')
  })
})

describe('RegisterAccountNameSuccess', () => {
  it('waits with a spinner while busy, and offers the search when nothing is under way', () => {
    const { ctx } = setup()
    render(<SuccessView ctx={ctx} params={{ name: 'alice.reown.id' }} />)
    expect(screen.getByText('No name registration is under way.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Choose a name' }))
    expect(ctx.router.replace).toHaveBeenCalledWith('RegisterAccountName')
    act(() =>
      storeOf(ctx).update((state) => {
        state.loading = true
      }),
    )
    expect(
      screen.getByRole('progressbar', { name: 'Sign the message in your wallet to register alice.reown.id' }),
    ).toBeTruthy()
  })
})

describe('the plugin', () => {
  it('is the names feature, adds an Account menu row and carries its strings', () => {
    expect(plugin.id).toBe('names')
    expect(plugin.contributes.accountMenu).toEqual([
      { id: 'register-name', label: 'Choose an account name', icon: 'user', view: 'RegisterAccountName' },
    ])
    expect(Object.keys(plugin.views)).toEqual(['RegisterAccountName', 'RegisterAccountNameSuccess'])
    expect(plugin.messages.en.errorTitle).toBe('Error registering name {name}')
  })
})
