// @vitest-environment jsdom
import { connectedState, fakeContext } from '@portico/plugin-testing'
import { DIALOG_PART_ATTRIBUTE, type KernelState } from '@portico/shared-types'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { attachPeer, FRAME_URL, type Handler } from '../test/testPeer.ts'
import { ApproveTransactionView } from './ApproveTransactionView.tsx'
import { switchAccountType } from './accountType.ts'
import { setupEmbeddedWallet } from './connector.ts'
import { forgetSharedFrames, sessionOf } from './session.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const SMART = '0x2222222222222222222222222222222222222222'

function setup() {
  const state = {
    ...connectedState(ADDRESS),
    options: { projectId: 'p', authFrameUrl: FRAME_URL },
    theme: { themeMode: 'dark', themeVariables: {} },
  } as unknown as KernelState
  const data = new Map<string, unknown>()
  const storage = {
    get: <T,>(key: string) => data.get(key) as T | undefined,
    set: (key: string, value: unknown) => void data.set(key, value),
    remove: (key: string) => void data.delete(key),
  }
  const { ctx } = fakeContext(state, { pluginId: 'email', storage })
  ctx.chains.activeNetwork = () => state.networks.byNamespace.eip155?.caipNetwork
  return ctx
}

afterEach(() => {
  cleanup()
  for (const frame of document.querySelectorAll('iframe')) frame.remove()
  forgetSharedFrames()
})

describe('ApproveTransaction view', () => {
  it('shows the frame over its place while a request is held, and hides it after', async () => {
    const ctx = setup()
    const session = sessionOf(ctx)
    const frame = await session.frame()
    const iframe = document.querySelector('iframe') as HTMLIFrameElement
    expect(iframe.style.display).toBe('none')
    render(<ApproveTransactionView ctx={ctx} params={{}} />)
    expect(screen.getByText('No request is waiting for approval.')).toBeTruthy()
    let held: number | undefined
    act(() => {
      held = session.approvals.hold('personal_sign', ['0x68656c6c6f', ADDRESS], () => {})
    })
    await waitFor(() => expect(iframe.style.display).toBe('block'))
    expect(iframe.getAttribute('aria-hidden')).toBeNull()
    expect(iframe.hasAttribute(DIALOG_PART_ATTRIBUTE)).toBe(true)
    expect(screen.getByTestId('wallet-frame-place')).toBeTruthy()
    act(() => session.approvals.release(held ?? 0))
    await waitFor(() => expect(iframe.style.display).toBe('none'))
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    frame.destroy()
  })
})

describe('setupEmbeddedWallet', () => {
  it('leaving ApproveTransaction (Back) or closing the modal withdraws held requests; other views do not', async () => {
    const ctx = setup()
    const handlers = new Map<string, (payload: unknown) => void>()
    ctx.events.on = ((type: string, handler: (payload: unknown) => void) => {
      handlers.set(type, handler)
      return () => handlers.delete(type)
    }) as typeof ctx.events.on
    const dispose = setupEmbeddedWallet(ctx, 'ApproveTransaction')
    const { approvals } = sessionOf(ctx)
    const withdrawn = vi.fn()
    approvals.hold('personal_sign', ['0x00'], withdrawn)
    handlers.get('VIEW_CHANGED')?.({ view: 'ApproveTransaction', direction: 'next' })
    expect(approvals.current()).toBeDefined()
    handlers.get('VIEW_CHANGED')?.({ view: 'Account', direction: 'prev' })
    expect(withdrawn).toHaveBeenCalledTimes(1)
    approvals.hold('personal_sign', ['0x00'], withdrawn)
    handlers.get('MODAL_CLOSE')?.({ connected: true })
    expect(withdrawn).toHaveBeenCalledTimes(2)
    dispose()
    expect(handlers.size).toBe(0)
  })
})

describe('switchAccountType', () => {
  async function peerWith(ctx: ReturnType<typeof setup>, handlers: Record<string, Handler>) {
    const frame = sessionOf(ctx).frame()
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull())
    const peer = attachPeer()
    for (const [type, handler] of Object.entries(handlers)) peer.handle(type, handler)
    peer.ready()
    await frame
    return peer
  }
  const user = {
    address: SMART,
    chainId: 31337,
    accounts: [
      { address: ADDRESS, type: 'eoa' },
      { address: SMART, type: 'smartAccount' },
    ],
  }

  it('asks the frame, re-reads the user with the new type and sends SET_PREFERRED_ACCOUNT_TYPE', async () => {
    const ctx = setup()
    const peer = await peerWith(ctx, {
      GET_USER: () => ({ ok: true, payload: user }),
      SET_PREFERRED_ACCOUNT: () => ({ ok: true }),
    })
    const provider = await sessionOf(ctx).provider()
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([SMART])
    const accountsChanged = vi.fn()
    provider.on?.('accountsChanged', accountsChanged as never)
    await act(async () => {
      await expect(switchAccountType(sessionOf(ctx), 'eoa')).resolves.toEqual({
        type: 'eoa',
        fellBack: false,
      })
    })
    expect(peer.posted.find((m) => m.type === '@portico/app/SET_PREFERRED_ACCOUNT')?.payload).toEqual({
      type: 'eoa',
    })
    expect(accountsChanged).toHaveBeenCalledWith([ADDRESS])
    expect(ctx.events.emit).toHaveBeenCalledWith('SET_PREFERRED_ACCOUNT_TYPE', {
      accountType: 'eoa',
      network: 'eip155:31337',
    })
  })

  it('a failed switch falls back to EOA', async () => {
    const ctx = setup()
    await peerWith(ctx, {
      GET_USER: () => ({ ok: true, payload: user }),
      SET_PREFERRED_ACCOUNT: (message) =>
        (message.payload as { type: string }).type === 'smartAccount'
          ? { ok: false, message: 'no' }
          : { ok: true },
    })
    sessionOf(ctx).setPreferredAccountType('eoa')
    await expect(switchAccountType(sessionOf(ctx), 'smartAccount')).resolves.toEqual({
      type: 'eoa',
      fellBack: true,
    })
    expect(sessionOf(ctx).preferredAccountType()).toBe('eoa')
    expect(ctx.events.emit).toHaveBeenCalledWith('SET_PREFERRED_ACCOUNT_TYPE', {
      accountType: 'eoa',
      network: 'eip155:31337',
    })
  })
})
