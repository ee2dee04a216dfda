import { definePlugin, type PluginContext } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal, type ModalHandle } from '../createModal.ts'

/** The first plugin load brings in the federation runtime: slow on a busy machine. */
const SLOW = { timeout: 15_000 }

let modal: ModalHandle | undefined
afterEach(() => {
  modal?.destroy()
  localStorage.clear()
})

function make(required: boolean) {
  let ctx: PluginContext | undefined
  const siwx = definePlugin({
    id: 'signin',
    api: '^1.1.0',
    views: { SignIn: { component: () => <p>Sign the message</p>, title: 'Sign In', sensitive: true } },
    setup(seen) {
      ctx = seen
      return undefined
    },
  })
  modal = createModal({
    projectId: 'p',
    networks: [localNetwork()],
    features: NO_PLUGINS,
    siwx: { required },
    plugins: { signin: { definition: siwx } },
  })
  return { modal, ctx: () => ctx }
}

async function onSignIn(modal: ModalHandle) {
  act(() => modal.open())
  await waitFor(() => expect(modal.getState().plugins.signin?.status).toBe('ready'), SLOW)
  act(() => modal.open('SignIn'))
  await screen.findByText('Sign the message')
}

describe('behaviour §2 close rule on sensitive plugin views, sign-in state from ctx.signIn', () => {
  it('sign-in required and no session: no Close button, Escape and close() keep it open until a session exists', async () => {
    const { modal, ctx } = make(true)
    await onSignIn(modal)
    const dialog = screen.getByRole('dialog', { name: 'Sign In' })
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(modal.close()).toBe(false)
    expect(modal.getState().modal.open).toBe(true)

    act(() => ctx()?.signIn?.setHasSession(true))
    expect(ctx()?.signIn?.get()).toEqual({ required: true, hasSession: true })
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy()
    act(() => void modal.close())
    expect(modal.getState().modal.open).toBe(false)
  })

  it('sign-in not required: a sensitive view closes', async () => {
    const { modal } = make(false)
    await onSignIn(modal)
    expect(modal.close()).toBe(true)
  })

  it('setHasSession takes only a boolean', async () => {
    const { modal, ctx } = make(true)
    await onSignIn(modal)
    expect(() => ctx()?.signIn?.setHasSession('yes' as never)).toThrow('takes a boolean')
    expect(modal.getState().signIn.hasSession).toBe(false)
  })
})
