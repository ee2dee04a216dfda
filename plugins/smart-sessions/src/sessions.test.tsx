import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { SmartSession } from '@portico/shared-types/api'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionsView } from './SessionsView.tsx'
import { orderSessions, statusOf } from './sessions.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NOW = Math.floor(Date.now() / 1000)

const session = (pci: string, extra: Partial<SmartSession> = {}): SmartSession => ({
  pci,
  address: ADDRESS,
  projectId: 'p',
  permission: {
    permissionType: 'native-token-recurring-allowance',
    data: '0x',
    required: true,
    onChainValidated: false,
  },
  createdAt: NOW - 100,
  expiry: NOW + 3600,
  revokedAt: null,
  ...extra,
})

afterEach(cleanup)

function setup(pcis: SmartSession[], overrides: Partial<BlockchainApiClient> = {}) {
  const getSessions = vi.fn(async () => ({ pcis }))
  const revokeSession = vi.fn(async (_address: string, { pci }: { pci: string; signature: string }) => ({
    pci,
    revokedAt: NOW,
  }))
  const api = { getSessions, revokeSession, ...overrides } as unknown as BlockchainApiClient
  const provider = { request: vi.fn(async () => '0xsigned') }
  const state = connectedState(ADDRESS)
  const { ctx } = fakeContext(state, {
    services: { api },
    account: {
      get: vi.fn((namespace?: string) => (namespace === 'eip155' ? state.accounts.eip155 : undefined)),
      provider: vi.fn(() => provider),
      refreshBalance: vi.fn(async () => {}),
    },
  })
  ctx.chains.activeNetwork = () => state.networks.byNamespace.eip155?.caipNetwork
  return { ctx, getSessions, revokeSession, provider }
}

describe('session rules', () => {
  it('revoked wins, then expired at the expiry second, else active; newest first, bounded', () => {
    expect(statusOf(session('a', { revokedAt: NOW - 1, expiry: NOW - 5 }), NOW)).toBe('revoked')
    expect(statusOf(session('a', { expiry: NOW }), NOW)).toBe('expired')
    expect(statusOf(session('a', { expiry: null }), NOW)).toBe('active')
    const many = Array.from({ length: 150 }, (_, i) => session(`p${i}`, { createdAt: i }))
    const ordered = orderSessions(many)
    expect(ordered).toHaveLength(100)
    expect(ordered[0]?.pci).toBe('p149')
  })
})

describe('Smart Sessions view', () => {
  it('lists the account’s sessions (CAIP-10 address) and revokes one with the account’s signature of the pci', async () => {
    const live = session('aaaaaaaa-1111-2222-3333-444444444444')
    const gone = session('bbbbbbbb-1111-2222-3333-444444444444', {
      revokedAt: NOW - 10,
      createdAt: NOW - 200,
    })
    const { ctx, getSessions, revokeSession, provider } = setup([gone, live])
    render(<SessionsView ctx={ctx} params={{}} />)
    const list = await screen.findByRole('list', { name: 'Sessions' })
    expect(getSessions).toHaveBeenCalledWith(`eip155:31337:${ADDRESS}`)
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getByText(/^Revoked ·/)).toBeTruthy()
    const revoke = within(list).getByRole('button', {
      name: 'Revoke native-token-recurring-allowance session aaaaaaaa',
    })
    expect(within(list).getAllByRole('button')).toHaveLength(1)
    fireEvent.click(revoke)
    await waitFor(() => expect(ctx.toast.success).toHaveBeenCalledWith('Session revoked'))
    const pciHex = `0x${Buffer.from(live.pci, 'utf8').toString('hex')}`
    expect(provider.request).toHaveBeenCalledWith({ method: 'personal_sign', params: [pciHex, ADDRESS] })
    expect(revokeSession).toHaveBeenCalledWith(`eip155:31337:${ADDRESS}`, {
      pci: live.pci,
      signature: '0xsigned',
    })
    expect(within(list).queryAllByRole('button')).toHaveLength(0)
  })

  it('empty, failed (with retry) and declined-signature states', async () => {
    const empty = setup([])
    render(<SessionsView ctx={empty.ctx} params={{}} />)
    expect(await screen.findByText(/^No smart sessions/)).toBeTruthy()
    cleanup()

    const failing = setup([], {
      getSessions: vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValue({ pcis: [] }),
    })
    render(<SessionsView ctx={failing.ctx} params={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(/^No smart sessions/)).toBeTruthy()
    cleanup()

    const declined = setup([session('cccccccc-1111-2222-3333-444444444444')])
    declined.provider.request.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }))
    render(<SessionsView ctx={declined.ctx} params={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: /^Revoke / }))
    await waitFor(() => expect(declined.ctx.toast.error).toHaveBeenCalledWith('Could not revoke the session'))
    expect(declined.revokeSession).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: /^Revoke / })).toBeTruthy()
  })
})
