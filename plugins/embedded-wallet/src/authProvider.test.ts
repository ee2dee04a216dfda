// @vitest-environment jsdom
import { connectedState, fakeContext } from '@portico/plugin-testing'
import { type KernelState, MESSAGES } from '@portico/shared-types'
import { ACCOUNT_DETAILS_CHANGED } from '@portico/shared-types/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { attachPeer, FRAME_URL } from '../test/testPeer.ts'
import { createApprovals } from './approvals.ts'
import { createAuthProvider, parseUser } from './authProvider.ts'
import { authConnector } from './connector.ts'
import { createFrameClient, type FrameClient } from './frameClient.ts'
import { sessionOf } from './session.ts'
import { KEYS } from './storedKeys.ts'

const EOA = '0x1111111111111111111111111111111111111111'
const SMART = '0x2222222222222222222222222222222222222222'
const USER = {
  address: EOA,
  chainId: 31337,
  email: 'a@b.co',
  accounts: [
    { address: EOA, type: 'eoa' },
    { address: SMART, type: 'smartAccount' },
  ],
}

let frame: FrameClient | undefined
afterEach(() => frame?.destroy())

function setup(preferred: 'eoa' | 'smartAccount' = 'eoa') {
  frame = createFrameClient({ url: FRAME_URL, projectId: 'p' })
  const peer = attachPeer()
  peer.ready()
  const approvals = createApprovals()
  const onSignOut = vi.fn()
  const provider = createAuthProvider({
    frame,
    approvals,
    chainId: 31337,
    preferredAccountType: () => preferred,
    onSignOut,
  })
  return { peer, approvals, provider, onSignOut }
}

describe('AUTH provider', () => {
  it('eth_requestAccounts reads the user with the preferred type and answers its account', async () => {
    const { peer, provider } = setup('smartAccount')
    peer.handle('GET_USER', () => ({ ok: true, payload: USER }))
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([SMART])
    expect(peer.posted[0]?.payload).toEqual({ chainId: 31337, preferredAccountType: 'smartAccount' })
  })

  it('eth_accounts restores through IS_CONNECTED + GET_USER, and is empty when the frame has no session', async () => {
    const first = setup()
    first.peer.handle('IS_CONNECTED', () => ({ ok: true, payload: { isConnected: false } }))
    await expect(first.provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    expect(first.peer.posted.map((m) => m.type)).toEqual(['@portico/app/IS_CONNECTED'])
    first.peer.handle('IS_CONNECTED', () => ({ ok: true, payload: { isConnected: true } }))
    first.peer.handle('GET_USER', () => ({ ok: true, payload: USER }))
    await expect(first.provider.request({ method: 'eth_accounts' })).resolves.toEqual([EOA])
  })

  it('IS_CONNECTED and SIGN_OUT carry no credential: the session is the frame’s own', async () => {
    const { peer, provider } = setup('eoa')
    peer.handle('IS_CONNECTED', () => ({ ok: true, payload: { isConnected: false } }))
    await provider.request({ method: 'eth_accounts' })
    expect(peer.posted[0]?.payload).toEqual({})
    peer.handle('SIGN_OUT', () => ({ ok: true }))
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(peer.posted.at(-1)).toMatchObject({ type: '@portico/app/SIGN_OUT', payload: undefined })
  })

  it('a malformed user is an error, not an account', async () => {
    expect(() => parseUser({ address: 'nope', chainId: 1 })).toThrow('returned no account')
    expect(parseUser({ ...USER, accounts: [{ address: 'x', type: 'eoa' }, 5] }).accounts).toEqual([])
  })

  it('wallet_switchEthereumChain is SWITCH_NETWORK and emits chainChanged', async () => {
    const { peer, provider } = setup()
    peer.handle('SWITCH_NETWORK', () => ({ ok: true, payload: { chainId: 31338 } }))
    const chainChanged = vi.fn()
    provider.on?.('chainChanged', chainChanged as never)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(peer.posted[0]?.payload).toEqual({ chainId: 31338 })
    expect(chainChanged).toHaveBeenCalledWith('0x7a6a')
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a6a')
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'zz' }] }),
    ).rejects.toThrow('Invalid chain id')
  })

  it('a chain switch re-reads the user: where the smart account is not offered the account becomes the EOA', async () => {
    const { peer, provider } = setup('smartAccount')
    peer.handle('GET_USER', (message) =>
      (message.payload as { chainId: number }).chainId === 31337
        ? { ok: true, payload: USER }
        : { ok: true, payload: { ...USER, chainId: 31338, accounts: [{ address: EOA, type: 'eoa' }] } },
    )
    peer.handle('SWITCH_NETWORK', () => ({ ok: true, payload: { chainId: 31338 } }))
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([SMART])
    const accountsChanged = vi.fn()
    provider.on?.('accountsChanged', accountsChanged as never)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(peer.posted.at(-1)).toMatchObject({
      type: '@portico/app/GET_USER',
      payload: { chainId: 31338, preferredAccountType: 'smartAccount' },
    })
    expect(accountsChanged).toHaveBeenCalledWith([EOA])
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([EOA])
  })

  it('wallet_revokePermissions signs out of the frame without asking, and announces no account', async () => {
    const { peer, provider, onSignOut } = setup()
    peer.handle('GET_USER', () => ({ ok: true, payload: USER }))
    peer.handle('SIGN_OUT', () => ({ ok: true }))
    await provider.request({ method: 'eth_requestAccounts' })
    const accountsChanged = vi.fn()
    provider.on?.('accountsChanged', accountsChanged as never)
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(peer.posted.at(-1)?.type).toBe('@portico/app/SIGN_OUT')
    expect(onSignOut).toHaveBeenCalled()
    expect(accountsChanged).toHaveBeenCalledWith([])
  })

  it('an unsafe method goes to the frame, which asks the user; held meanwhile, and the frame’s 4001 is a rejection', async () => {
    const { peer, provider, approvals } = setup()
    peer.handle('RPC_REQUEST', () => undefined)
    const signed = provider.request({ method: 'personal_sign', params: ['0x68690a', EOA] })
    await vi.waitFor(() => expect(peer.posted).toHaveLength(1))
    expect(approvals.current()?.method).toBe('personal_sign')
    expect(peer.posted[0]?.payload).toEqual({ method: 'personal_sign', params: ['0x68690a', EOA] })
    const id = peer.posted[0]?.id
    peer.send({ id, type: '@portico/frame/RPC_REQUEST_SUCCESS', payload: '0xsig' })
    await expect(signed).resolves.toBe('0xsig')
    expect(approvals.current()).toBeUndefined()

    peer.handle('RPC_REQUEST', () => ({ ok: false, message: 'User rejected the request', code: 4001 }))
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to: EOA }] }),
    ).rejects.toMatchObject({
      code: 4001,
    })
  })

  it('withdrawing a held request (modal closed, Back) cancels it in the frame and rejects with 4001', async () => {
    const { peer, provider, approvals } = setup()
    peer.handle('RPC_REQUEST', () => undefined)
    const held = provider.request({ method: 'eth_sendTransaction', params: [{ to: EOA }] })
    await vi.waitFor(() => expect(peer.posted).toHaveLength(1))
    expect(approvals.current()).toBeDefined()
    const id = peer.posted[0]?.id
    approvals.rejectAll()
    await expect(held).rejects.toMatchObject({ code: 4001 })
    expect(peer.posted.at(-1)).toMatchObject({ type: '@portico/app/CANCEL_REQUEST', payload: { id } })
  })

  it('safe methods go to the frame at once, and frame errors reach the caller', async () => {
    const { peer, provider } = setup()
    peer.handle('RPC_REQUEST', (message) =>
      (message.payload as { method: string }).method === 'eth_blockNumber'
        ? { ok: true, payload: '0x10' }
        : { ok: false },
    )
    await expect(provider.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10')
    await expect(provider.request({ method: 'eth_getBalance', params: [EOA] })).rejects.toThrow(
      MESSAGES.anErrorOccurred,
    )
  })
})

describe('AUTH provider: account details (plugin contract ConnectorProvider)', () => {
  it('reports the user, its accounts and the type of the account given to the dapp; each read announces it', async () => {
    frame = createFrameClient({ url: FRAME_URL, projectId: 'p' })
    const peer = attachPeer()
    peer.ready()
    let preferred: 'eoa' | 'smartAccount' = 'smartAccount'
    const provider = createAuthProvider({
      frame,
      approvals: createApprovals(),
      chainId: 31337,
      preferredAccountType: () => preferred,
    })
    expect(provider.accountDetails()).toBeUndefined()
    const changed = vi.fn()
    provider.on?.(ACCOUNT_DETAILS_CHANGED, changed as never)
    peer.handle('GET_USER', () => ({
      ok: true,
      payload: { ...USER, smartAccountDeployed: true, preferredAccountType: 'smartAccount' },
    }))
    await provider.request({ method: 'eth_requestAccounts' })
    expect(changed).toHaveBeenCalledTimes(1)
    expect(provider.accountDetails()).toEqual({
      user: expect.objectContaining({ address: EOA, email: 'a@b.co', smartAccountDeployed: true }),
      preferredAccountType: 'smartAccount',
      allAccounts: USER.accounts,
      smartAccountDeployed: true,
    })

    preferred = 'eoa'
    peer.handle('GET_USER', () => ({ ok: true, payload: { ...USER, preferredAccountType: 'eoa' } }))
    await provider.refreshUser()
    expect(changed).toHaveBeenCalledTimes(2)
    expect(provider.accountDetails()).toMatchObject({
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
  })

  it('smartAccountEnabledNetworks asks GET_SMART_ACCOUNT_ENABLED_NETWORKS and keeps chain ids only', async () => {
    const { peer, provider } = setup()
    peer.handle('GET_SMART_ACCOUNT_ENABLED_NETWORKS', () => ({
      ok: true,
      payload: { smartAccountEnabledNetworks: [31337, '1', -5, 84532] },
    }))
    await expect(provider.smartAccountEnabledNetworks()).resolves.toEqual([31337, 84532])
    expect(peer.posted.at(-1)?.type).toBe('@portico/app/GET_SMART_ACCOUNT_ENABLED_NETWORKS')
  })

  it('the connector the kernel loads stores the networks it reads under the behaviour §3 key', async () => {
    const state = {
      ...connectedState(EOA),
      options: { projectId: 'p', authFrameUrl: FRAME_URL },
      theme: { themeMode: 'dark', themeVariables: {} },
    } as unknown as KernelState
    const data = new Map<string, unknown>()
    const storage = {
      get: <T>(key: string) => data.get(key) as T | undefined,
      set: (key: string, value: unknown) => void data.set(key, value),
      remove: (key: string) => void data.delete(key),
    }
    const { ctx } = fakeContext(state, { pluginId: 'email', storage })
    frame = await sessionOf(ctx).frame()
    const peer = attachPeer()
    peer.ready()
    peer.handle('GET_SMART_ACCOUNT_ENABLED_NETWORKS', () => ({
      ok: true,
      payload: { smartAccountEnabledNetworks: [31337, 11155111] },
    }))
    peer.handle('GET_USER', () => ({ ok: true, payload: USER }))
    const provider = await authConnector('ID_AUTH', 'Email', 'Approve').load(ctx)
    await expect(provider.smartAccountEnabledNetworks?.()).resolves.toEqual([31337, 11155111])
    expect(data.get(KEYS.smartAccountEnabledNetworks)).toBe('31337,11155111')
    // The rest is the session's provider itself.
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([SMART])
    expect(provider.accountDetails?.()).toMatchObject({ preferredAccountType: 'smartAccount' })
  })
})
