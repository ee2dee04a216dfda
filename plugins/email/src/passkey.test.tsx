// @vitest-environment jsdom

import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSharedFrames } from '../../embedded-wallet/src/session.ts'
import { FRAME_URL, readyPeer } from '../../embedded-wallet/test/testPeer.ts'
import { EmailConnect } from './EmailConnect.tsx'
import { EMAIL_CONNECTOR_ID, VIEWS } from './flow.ts'
import { AddPasskeyView, PasskeyConnectView } from './PasskeyViews.tsx'

function setup() {
  const state = {
    ...connectedState('0x1111111111111111111111111111111111111111'),
    options: { projectId: 'p', authFrameUrl: FRAME_URL },
    theme: { themeMode: 'dark', themeVariables: {} },
    connectors: [{ id: EMAIL_CONNECTOR_ID, type: 'AUTH', name: 'Email', chain: 'eip155' }],
  } as unknown as KernelState
  const { ctx } = fakeContext(state, { pluginId: 'email' })
  const connect = vi.fn(async () => ({ supported: true }))
  ctx.account.connect = connect
  return { ctx, connect }
}

afterEach(() => {
  cleanup()
  for (const frame of document.querySelectorAll('iframe')) frame.remove()
  forgetSharedFrames()
})

describe('passkey login', () => {
  it('the email method offers a passkey: it opens EmailPasskey', () => {
    const { ctx } = setup()
    render(<EmailConnect ctx={ctx} />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue with a passkey' }))
    expect(ctx.router.push).toHaveBeenCalledWith(VIEWS.passkey)
  })

  it('EmailPasskey asks the frame for its connect view; signed in there → ID_AUTH connects', async () => {
    const { ctx, connect } = setup()
    render(<PasskeyConnectView ctx={ctx} params={{}} />)
    const peer = await readyPeer({
      SHOW_PASSKEY: () => ({ ok: true, payload: { connected: true, added: false } }),
    })
    await waitFor(() => expect(connect).toHaveBeenCalledWith(EMAIL_CONNECTOR_ID))
    expect(peer.posted.find((m) => m.type === '@portico/app/SHOW_PASSKEY')?.payload).toEqual({
      purpose: 'connect',
    })
    expect(ctx.modal.close).toHaveBeenCalled()
  })

  it('closed in the frame without signing in → back, nothing connects', async () => {
    const { ctx, connect } = setup()
    render(<PasskeyConnectView ctx={ctx} params={{}} />)
    await readyPeer({ SHOW_PASSKEY: () => ({ ok: true, payload: { connected: false, added: false } }) })
    await waitFor(() => expect(ctx.router.goBack).toHaveBeenCalled())
    expect(connect).not.toHaveBeenCalled()
  })

  it('EmailAddPasskey: added in the frame → a toast and back', async () => {
    const { ctx } = setup()
    render(<AddPasskeyView ctx={ctx} params={{}} />)
    const peer = await readyPeer({
      SHOW_PASSKEY: () => ({ ok: true, payload: { connected: false, added: true } }),
    })
    await waitFor(() => expect(ctx.toast.success).toHaveBeenCalledWith('Passkey added'))
    expect(ctx.router.goBack).toHaveBeenCalled()
    expect(peer.posted.find((m) => m.type === '@portico/app/SHOW_PASSKEY')?.payload).toEqual({
      purpose: 'add',
    })
  })

  it('EmailAddPasskey: a frame error shows, and the view stays', async () => {
    const { ctx } = setup()
    render(<AddPasskeyView ctx={ctx} params={{}} />)
    await readyPeer({ SHOW_PASSKEY: () => ({ ok: false, message: 'Not connected: sign in first' }) })
    expect(await screen.findByText('Not connected: sign in first')).toBeTruthy()
    expect(ctx.router.goBack).not.toHaveBeenCalled()
  })
})
