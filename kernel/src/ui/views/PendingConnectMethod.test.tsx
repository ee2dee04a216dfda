import type { ConnectMethod, Features, PluginRecord } from '@portico/shared-types'
import { definePlugin } from '@portico/shared-types/plugin'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'
import { resolveOptions } from '../../options.ts'
import { PendingConnectMethod, pendingConnectMethods } from './PendingConnectMethod.tsx'

const options = (features: Partial<Features>) =>
  resolveOptions({
    projectId: 'p',
    networks: [localNetwork()],
    pluginBaseUrl: 'https://plugins.example',
    features: { ...NO_PLUGINS, ...features },
  })

describe('pendingConnectMethods', () => {
  const plugins = (records: Record<string, PluginRecord>) => records
  it('keeps the place of a method whose plugin is on and not ready', () => {
    const state = { options: options({ email: true, socials: ['google'] }), plugins: {} }
    expect([...pendingConnectMethods(state, new Set())].sort()).toEqual(['email', 'social'])
    const loading = { ...state, plugins: plugins({ email: { status: 'loading' } }) }
    expect(pendingConnectMethods(loading, new Set()).has('email')).toBe(true)
  })
  it('not for a feature that is off, a plugin that is ready or failed, or a method already shown', () => {
    expect(pendingConnectMethods({ options: options({}), plugins: {} }, new Set()).size).toBe(0)
    const on = options({ email: true, socials: ['google'] })
    const settled = plugins({ email: { status: 'ready' }, socials: { status: 'failed', error: 'x' } })
    expect(pendingConnectMethods({ options: on, plugins: settled }, new Set()).size).toBe(0)
    expect(pendingConnectMethods({ options: on, plugins: {} }, new Set(['email', 'social'])).size).toBe(0)
  })
})

describe('the social section’s kept place', () => {
  it('is the socials plugin’s layout: one wide button, then a row of marks for the other providers', () => {
    const { container } = render(
      <PendingConnectMethod method="social" socials={['google', 'x', 'discord', 'x', 'github']} />,
    )
    const stack = container.querySelector('.pt-method-pending > .pt-stack')
    expect([...(stack?.children ?? [])].map((child) => child.className)).toEqual([
      'pt-btn pt-full',
      'pt-marks',
    ])
    expect(stack?.querySelectorAll('.pt-marks > .pt-btn')).toHaveLength(3)
  })

  it('one provider is one wide button, and none keeps no place', () => {
    const one = render(<PendingConnectMethod method="social" socials={['google']} />)
    expect(one.container.querySelectorAll('.pt-btn')).toHaveLength(1)
    expect(one.container.querySelector('.pt-marks')).toBeNull()
    one.unmount()
    const none = render(<PendingConnectMethod method="social" socials={false} />)
    expect(none.container.querySelectorAll('.pt-btn')).toHaveLength(0)
  })
})

let modal: ModalHandle | undefined
afterEach(() => {
  modal?.destroy()
  localStorage.clear()
})

/** The built-in `email` feature's plugin, bundled, whose setup waits until the test lets it finish. */
function heldEmailPlugin(setupResult: 'ready' | 'fail') {
  let release = () => {}
  const setupDone = new Promise<void>((resolve) => {
    release = resolve
  })
  const definition = definePlugin({
    id: 'email',
    api: '^1.1.0',
    setup: async () => {
      await setupDone
      if (setupResult === 'fail') throw new Error('email plugin broke')
    },
    contributes: {
      connectMethods: [{ id: 'email', method: 'email', component: () => <input aria-label="Email" /> }],
    },
  })
  return { definition, release }
}

async function openConnect(
  emailShowWallets: boolean,
  setupResult: 'ready' | 'fail' = 'ready',
  connectMethodsOrder?: ConnectMethod[],
) {
  const { definition, release } = heldEmailPlugin(setupResult)
  modal = createModal({
    projectId: 'p',
    networks: [localNetwork()],
    features: {
      ...NO_PLUGINS,
      email: true,
      emailShowWallets,
      ...(connectMethodsOrder ? { connectMethodsOrder } : {}),
    },
    plugins: { email: { definition } },
  })
  const handle = modal
  act(() => handle.open())
  const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
  return { dialog, release }
}

const placeholder = (dialog: HTMLElement) => dialog.querySelector('.pt-method-pending[data-method=email]')

describe('the Connect view while the email plugin loads', { timeout: 20_000 }, () => {
  it('keeps its place, hidden from assistive technology and not focusable, then shows the section', async () => {
    const { dialog, release } = await openConnect(true)
    const kept = placeholder(dialog)
    expect(kept).not.toBeNull()
    expect(kept?.getAttribute('aria-hidden')).toBe('true')
    expect(kept?.querySelector('button, input, a, [tabindex]')).toBeNull()
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
    await act(async () => release())
    await within(dialog).findByRole('textbox', { name: 'Email' }, { timeout: 10_000 })
    expect(placeholder(dialog)).toBeNull()
  })

  it('emailShowWallets off: the wallets are behind their button from the start, not after the field arrives', async () => {
    const { dialog, release } = await openConnect(false)
    expect(within(dialog).getByRole('button', { name: 'Continue with a wallet' })).toBeTruthy()
    expect(within(dialog).queryByRole('list', { name: 'Wallets' })).toBeNull()
    await act(async () => release())
    await within(dialog).findByRole('textbox', { name: 'Email' }, { timeout: 10_000 })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with a wallet' }))
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
  })

  it('below the wallet list (a browser wallet puts it first) no place is kept: nothing there to move', async () => {
    const { dialog, release } = await openConnect(true, 'ready', ['wallet', 'email', 'social'])
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(placeholder(dialog)).toBeNull()
    await act(async () => release())
    await within(dialog).findByRole('textbox', { name: 'Email' })
  })

  it('a plugin that fails gives its place back, and the wallets show', async () => {
    const { dialog, release } = await openConnect(false, 'fail')
    expect(placeholder(dialog)).not.toBeNull()
    await act(async () => release())
    await waitFor(() => expect(placeholder(dialog)).toBeNull(), { timeout: 10_000 })
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
  })
})
