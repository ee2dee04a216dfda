import type { Network } from '@portico/shared-types'
import { definePlugin, PLUGIN_API_VERSION, type PluginDefinition } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { TEST_ADDRESS, testWallet } from '../../test/requests/testWallet.ts'
import { announceTestWallet, localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { madeEachTest, PLUGIN_LOAD_WAIT } from '../../test/testModals.ts'
import { createModal } from '../createModal.ts'
import { AFTER_CONNECT_KEY } from './afterConnect.ts'

const made = madeEachTest()

const make = (definitions: PluginDefinition[]) => {
  made.wallet = testWallet()
  const modal = createModal({
    projectId: 'p',
    networks: [localNetwork()],
    features: NO_PLUGINS,
    plugins: Object.fromEntries(definitions.map((definition) => [definition.id, { definition }])),
  })
  made.modal = modal
  return modal
}

describe('contract 1.1 after-connect hook and version', () => {
  it('the kernel provides plugin API 1.1.0', () => {
    expect(PLUGIN_API_VERSION).toBe('1.1.0')
  })

  it('runs after the connect flow closed the modal, so a sign-in view it opens stays open', async () => {
    const run = vi.fn((ctx, _info) => ctx.modal.open('SignIn'))
    const siwx = definePlugin({
      id: 'signin',
      api: '^1.1.0',
      views: { SignIn: { component: () => <p>Sign in to continue</p>, title: 'Sign In', sensitive: true } },
      contributes: { afterConnect: [{ id: 'siwx', run }] },
    })
    const modal = make([siwx])
    act(() => modal.open())
    await waitFor(() => expect(modal.getState().plugins.signin?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    expect(await screen.findByText('Sign in to continue')).toBeTruthy()
    expect(modal.getState().modal.open).toBe(true)
    expect(run).toHaveBeenCalledTimes(1)
    expect(run.mock.calls[0]?.[1]).toEqual({
      namespace: 'eip155',
      caipAddress: `eip155:31337:${TEST_ADDRESS}`,
      connectorId: 'test.wallet',
    })
  })

  it('a failing hook is logged and the connection stands', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const broken = definePlugin({
      id: 'broken',
      api: '^1.1.0',
      contributes: {
        afterConnect: [
          {
            id: 'boom',
            run: () => {
              throw new Error('boom')
            },
          },
        ],
      },
    })
    const modal = make([broken])
    act(() => modal.open())
    await waitFor(() => expect(modal.getState().plugins.broken?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith(
        expect.stringContaining('"boom" of "broken" failed'),
        expect.any(Error),
      ),
    )
    expect(modal.getAddress()).toBe(TEST_ADDRESS)
    log.mockRestore()
  })

  it('plugins built for ^1.0.0 and ^1.1.0 load; ^2.0.0 is refused', async () => {
    const v10 = definePlugin({
      id: 'old',
      api: '^1.0.0',
      views: { Old: { component: () => null, title: 'Old' } },
    })
    const v11 = definePlugin({ id: 'new', api: '^1.1.0' })
    const v2 = definePlugin({ id: 'future', api: '^2.0.0' })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const modal = make([v10, v11, v2])
    act(() => modal.open())
    await waitFor(() => expect(modal.getState().plugins.future?.status).toBe('failed'), PLUGIN_LOAD_WAIT)
    await waitFor(() => expect(modal.getState().plugins.old?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
    expect(modal.getState().plugins.new?.status).toBe('ready')
    act(() => modal.open('Old'))
    expect(modal.getState().router.history.at(-1)?.view).toBe('Old')
    log.mockRestore()
  })
})

describe('a connection restored on reload (no open)', () => {
  it('loads the plugins that had afterConnect hooks, and only those', async () => {
    const withdraw = announceTestWallet()
    const setups = { signin: vi.fn(), other: vi.fn() }
    const plugins = () => ({
      signin: {
        definition: definePlugin({
          id: 'signin',
          api: '^1.1.0',
          contributes: { afterConnect: [{ id: 'siwx', run: () => undefined }] },
          setup: (ctx) => setups.signin(ctx.account.get()?.address),
        }),
      },
      other: { definition: definePlugin({ id: 'other', api: '^1.1.0', setup: () => setups.other() }) },
    })
    const options = { projectId: 'p', networks: [localNetwork()] as [Network], features: NO_PLUGINS }
    try {
      const first = createModal({ ...options, plugins: plugins() })
      made.modal = first
      act(() => first.open())
      await waitFor(() => expect(first.getState().plugins.signin?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
      fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
      await waitFor(() => expect(first.getAddress()).toBe(TEST_ADDRESS))
      expect(JSON.parse(localStorage.getItem(AFTER_CONNECT_KEY) ?? '[]')).toEqual(['signin'])
      first.destroy()
      setups.signin.mockClear()
      setups.other.mockClear()

      const reloaded = createModal({ ...options, plugins: plugins() })
      made.modal = reloaded
      await expect(reloaded.ready).resolves.toBe(true)
      await waitFor(() => expect(reloaded.getState().plugins.signin?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
      expect(setups.signin).toHaveBeenCalledWith(TEST_ADDRESS)
      expect(reloaded.getState().modal.open).toBe(false)
      expect(reloaded.getState().plugins.other).toBeUndefined()
      expect(setups.other).not.toHaveBeenCalled()
    } finally {
      withdraw()
    }
  })

  it('nothing loads when no connection is restored, and a malformed record is ignored', async () => {
    localStorage.setItem(AFTER_CONNECT_KEY, JSON.stringify({ signin: true }))
    const setup = vi.fn()
    const plain = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: NO_PLUGINS,
      plugins: {
        signin: {
          definition: definePlugin({
            id: 'signin',
            api: '^1.1.0',
            contributes: { afterConnect: [{ id: 'siwx', run: () => undefined }] },
            setup,
          }),
        },
      },
    })
    made.modal = plain
    await expect(plain.ready).resolves.toBe(false)
    expect(plain.getState().plugins.signin).toBeUndefined()
    expect(setup).not.toHaveBeenCalled()
  })
})
