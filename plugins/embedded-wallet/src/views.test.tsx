// @vitest-environment jsdom
import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApproveTransactionView } from './ApproveTransactionView.tsx'
import { switchAccountType } from './accountType.ts'
import { setupEmbeddedWallet } from './connector.ts'
import { sessionOf } from './session.ts'
import { attachPeer, FRAME_URL, type Handler } from './testPeer.ts'

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
})

describe('ApproveTransaction view', () => {
  it('shows the held request and settles it with Approve or Reject', async () => {
    const ctx = setup()
    const { approvals } = sessionOf(ctx)
    const first = approvals.ask('personal_sign', ['0x68656c6c6f', ADDRESS])
    render(<ApproveTransactionView ctx={ctx} params={{}} />)
    expect(screen.getByText('personal_sign')).toBeTruthy()
    expect(screen.getByText('hello')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await expect(first).resolves.toBe(true)
    const second = approvals.ask('eth_sendTransaction', [{ to: SMART, value: '0x0' }])
    expect(await screen.findByText(SMART)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await expect(second).resolves.toBe(false)
  })
})

describe('setupEmbeddedWallet', () => {
  it('leaving ApproveTransaction (Back) or closing the modal rejects held requests; other views do not', async () => {
    const ctx = setup()
    const handlers = new Map<string, (payload: unknown) => void>()
    ctx.events.on = ((type: string, handler: (payload: unknown) => void) => {
      handlers.set(type, handler)
      return () => handlers.delete(type)
    }) as typeof ctx.events.on
    const dispose = setupEmbeddedWallet(ctx, 'ApproveTransaction')
    const { approvals } = sessionOf(ctx)
    const held = approvals.ask('personal_sign', ['0x00'])
    handlers.get('VIEW_CHANGED')?.({ view: 'ApproveTransaction', direction: 'next' })
    expect(approvals.current()).toBeDefined()
    handlers.get('VIEW_CHANGED')?.({ view: 'Account', direction: 'prev' })
    await expect(held).resolves.toBe(false)
    const second = approvals.ask('personal_sign', ['0x00'])
    handlers.get('MODAL_CLOSE')?.({ connected: true })
    await expect(second).resolves.toBe(false)
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
