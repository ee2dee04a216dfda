import { definePlugin, type PluginContext, type PluginDefinition } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_ADDRESS, testWallet } from '../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal, type ModalHandle } from '../createModal.ts'
import { UserRejectedRequestError } from '../errors/rpc.ts'
import { NOT_ALLOWED_MESSAGE_DELAY_MS } from './pipeline.ts'

/** The first plugin load brings in the federation runtime: slow on a busy machine. */
const SLOW = { timeout: 15_000 }

let modals: ModalHandle[] = []
let wallets: ReturnType<typeof testWallet>[] = []

afterEach(() => {
  for (const modal of modals) modal.destroy()
  for (const wallet of wallets) wallet.stop()
  modals = []
  wallets = []
  localStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function make(plugins: PluginDefinition[] = [], rpc: string[] = []) {
  const network = { ...localNetwork(), rpcUrls: { default: { http: rpc } } }
  const modal = createModal({
    projectId: 'p',
    networks: [network],
    features: NO_PLUGINS,
    plugins: Object.fromEntries(plugins.map((definition) => [definition.id, { definition }])),
  })
  modals.push(modal)
  return modal
}

async function connected(plugins: PluginDefinition[] = [], rpc: string[] = []) {
  const wallet = testWallet()
  wallets.push(wallet)
  const modal = make(plugins, rpc)
  act(() => modal.open())
  fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
  await waitFor(() => expect(modal.getAddress()).toBe(TEST_ADDRESS))
  await waitFor(() => expect(modal.getState().modal.open).toBe(false))
  for (const { id } of plugins)
    await waitFor(() => expect(modal.getState().plugins[id]?.status).toBe('ready'), SLOW)
  return { modal, wallet }
}

/** A plugin whose view takes unsafe requests of browser wallets (the ApproveTransaction role). */
function approver(): PluginDefinition & { ctx(): PluginContext | undefined } {
  let seen: PluginContext | undefined
  const plugin = definePlugin({
    id: 'approver',
    api: '^1.1.0',
    views: {
      Approve: {
        component: ({ params }) => <p>Approving {String(params.method)}</p>,
        title: 'Approve Transaction',
      },
    },
    contributes: { unsafeRequests: [{ id: 'approve', view: 'Approve', connectorTypes: ['ANNOUNCED'] }] },
    setup(ctx) {
      seen = ctx
      return undefined
    },
  })
  return Object.assign(plugin, { ctx: () => seen })
}

describe('request pipeline', () => {
  it('refuses eth_sign: opens the modal, shows Action not allowed after 300 ms, rejects with 4200', async () => {
    const { modal, wallet } = await connected()
    vi.useFakeTimers()
    const result = modal
      .request({ method: 'eth_sign', params: [TEST_ADDRESS, '0x00'] })
      .catch((error) => error)
    expect(modal.getState().modal.open).toBe(true)
    expect(screen.queryByText('Action not allowed')).toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOT_ALLOWED_MESSAGE_DELAY_MS - 1)
    })
    expect(screen.queryByText('Action not allowed')).toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(screen.getByText('Action not allowed')).toBeTruthy()
    const error = await result
    expect(error).toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' })
    expect(wallet.received).not.toContain('eth_sign')
  })

  it('destroying the modal settles refused and open requests', async () => {
    const { modal } = await connected([approver()])
    const refused = modal.request({ method: 'eth_sign', params: [] }).catch((e) => e)
    modal.destroy()
    expect(await refused).toMatchObject({ code: 4200 })
    const { modal: other } = await connected([approver()])
    const open = other.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] }).catch((e) => e)
    await screen.findByText('Approving personal_sign')
    other.destroy()
    expect(await open).toMatchObject({ code: 4001 })
  })

  it('refuses a method outside the list before any wallet is connected', async () => {
    const modal = make()
    const error = await modal.request({ method: 'anvil_setBalance', params: [] }).catch((cause) => cause)
    expect(error).toMatchObject({ code: 4200 })
    expect(modal.getState().modal.open).toBe(true)
  })

  it('rejects malformed requests with a clear error', async () => {
    const { modal } = await connected()
    for (const bad of [null, {}, { method: 42 }, { method: 'x'.repeat(101) }])
      await expect(modal.request(bad as never)).rejects.toThrow('Invalid request')
  })

  it('forwards allowed methods to the wallet; a browser wallet may switch networks', async () => {
    const { modal, wallet } = await connected()
    const pending = modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] })
    await waitFor(() => expect(wallet.held.map((held) => held.method)).toEqual(['personal_sign']))
    wallet.held[0]?.resolve('0xsig')
    await expect(pending).resolves.toBe('0xsig')
    expect(modal.getState().modal.open).toBe(false) // no taker: the wallet shows its own prompt
    void modal.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await waitFor(() => expect(wallet.received).toContain('wallet_switchEthereumChain'))
  })

  it('queues unsafe requests behind the taker view, pops it after each, refreshes the native balance', async () => {
    const calls: string[] = []
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { id: number; method: string }
      calls.push(body.method)
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: '0xde0b6b3a7640000' }), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const { modal, wallet } = await connected([approver()], ['http://rpc.test'])
    calls.length = 0
    const first = modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] })
    const second = modal.request({ method: 'eth_sendTransaction', params: [{ to: TEST_ADDRESS }] })
    expect(await screen.findByText('Approving personal_sign')).toBeTruthy()
    expect(modal.getState().router.history.at(-1)?.view).toBe('Approve')
    await waitFor(() => expect(wallet.held).toHaveLength(1)) // one at a time
    wallet.held[0]?.resolve('0xsig')
    await expect(first).resolves.toBe('0xsig')
    expect(await screen.findByText('Approving eth_sendTransaction')).toBeTruthy()
    await waitFor(() => expect(wallet.held).toHaveLength(2))
    const rejection = Object.assign(new Error('User rejected'), { code: 4001 })
    wallet.held[1]?.reject(rejection)
    await expect(second).rejects.toMatchObject({ code: 4001, message: 'User rejected', cause: rejection })
    // The wallet's rejection reaches the app as the EIP-1193 family's error of its code.
    await expect(second).rejects.toBeInstanceOf(UserRejectedRequestError)
    await waitFor(() => expect(modal.getState().modal.open).toBe(false))
    await waitFor(() => expect(calls).toContain('eth_getBalance'))
  })

  it('a wallet that throws synchronously rejects that request and the next one still runs', async () => {
    const { modal, wallet } = await connected([approver()])
    const original = wallet.provider.request
    wallet.provider.request = (args) => {
      if (args.method === 'eth_signTypedData_v4') throw new Error('sync bug')
      return original(args)
    }
    const broken = modal.request({ method: 'eth_signTypedData_v4', params: [] }).catch((e) => e)
    const next = modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] })
    expect(await broken).toMatchObject({ message: 'sync bug' })
    await waitFor(() => expect(wallet.held.map((held) => held.method)).toEqual(['personal_sign']))
    wallet.held[0]?.resolve('0xsig')
    await expect(next).resolves.toBe('0xsig')
  })

  it('pushes the taker view over an open modal and pops back to it', async () => {
    const { modal, wallet } = await connected([approver()])
    act(() => modal.open('Account'))
    const pending = modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] })
    expect(await screen.findByText('Approving personal_sign')).toBeTruthy()
    await waitFor(() => expect(wallet.held).toHaveLength(1))
    wallet.held[0]?.resolve('0xsig')
    await pending
    await waitFor(() =>
      expect(modal.getState().router.history.map((entry) => entry.view)).toEqual(['Account']),
    )
    expect(modal.getState().modal.open).toBe(true)
  })

  it('leaving the taker view (Back) rejects that request with 4001 and shows the next one', async () => {
    const { modal, wallet } = await connected([approver()])
    act(() => modal.open('Account'))
    const first = modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] }).catch((e) => e)
    const second = modal.request({ method: 'eth_sendTransaction', params: [{ to: TEST_ADDRESS }] })
    expect(await screen.findByText('Approving personal_sign')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await first).toMatchObject({
      code: 4001,
      message: 'User rejected the request',
    })
    expect(await screen.findByText('Approving eth_sendTransaction')).toBeTruthy()
    await waitFor(() => expect(wallet.held).toHaveLength(2))
    wallet.held[1]?.resolve('0xhash')
    await expect(second).resolves.toBe('0xhash')
  })

  it('closing the modal rejects every open unsafe request', async () => {
    const { modal, wallet } = await connected([approver()])
    const first = modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] }).catch((e) => e)
    const second = modal.request({ method: 'eth_signTypedData_v4', params: [] }).catch((e) => e)
    await screen.findByText('Approving personal_sign')
    act(() => void modal.close())
    expect(await first).toMatchObject({ code: 4001 })
    expect(await second).toMatchObject({ code: 4001 })
    // The wallet answering later changes nothing, and the second request never reached it.
    wallet.held[0]?.resolve('0xlate')
    expect(wallet.held.map((held) => held.method)).toEqual(['personal_sign'])
  })

  it('bounds the queue of open unsafe requests at 99 pending transactions (behaviour §9)', async () => {
    const { modal } = await connected([approver()])
    const open = Array.from({ length: 99 }, () =>
      modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] }).catch((e) => e),
    )
    await expect(modal.request({ method: 'personal_sign', params: [] })).rejects.toMatchObject({
      code: -32005,
    })
    act(() => void modal.close())
    for (const request of open) expect(await request).toMatchObject({ code: 4001 })
  })

  it('a refused method also rejects open unsafe requests (behaviour §4)', async () => {
    const { modal } = await connected([approver()])
    const open = modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] }).catch((e) => e)
    await screen.findByText('Approving personal_sign')
    void modal.request({ method: 'eth_sign', params: [] }).catch(() => undefined)
    expect(await open).toMatchObject({ code: 4200 })
  })

  it('plugins get the gated provider, never the raw one', async () => {
    const plugin = approver()
    const { modal, wallet } = await connected([plugin])
    const provider = plugin.ctx()?.account.provider()
    expect(provider).toBeDefined()
    expect(provider).not.toBe(wallet.provider)
    await expect(provider?.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200 })
    expect(wallet.received).not.toContain('eth_sign')
    const signed = provider
      ?.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] })
      .catch((e) => e)
    expect(await screen.findByText('Approving personal_sign')).toBeTruthy()
    act(() => void modal.close())
    expect(await signed).toMatchObject({ code: 4001 })
  })
})
