import type { Eip1193Provider } from '@portico/shared-types'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NO_PLUGINS } from '../test/testing.ts'
import { resetAlertsForTests } from './alerts/alerts.ts'
import { createModal, type ModalHandle } from './createModal.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A minimal EIP-1193 wallet standing in for a browser extension. */
function fakeWallet() {
  let authorized = false
  const listeners = new Map<string, ((value: unknown) => void)[]>()
  const provider: Eip1193Provider & { emit(event: string, value: unknown): void } = {
    async request({ method }: { method: string }) {
      if (method === 'eth_requestAccounts') {
        authorized = true
        return [ADDRESS]
      }
      if (method === 'eth_accounts') return authorized ? [ADDRESS] : []
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions') {
        authorized = false
        return null
      }
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
    on: (event: string, listener: (value: unknown) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
    },
    removeListener: (event: string, listener: (value: unknown) => void) => {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((candidate) => candidate !== listener),
      )
    },
    emit: (event: string, value: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(value)
    },
  } as never
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: '1', name: 'Test Wallet', icon: 'data:,', rdns: 'test.wallet' }, provider },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  return { provider, stop: () => window.removeEventListener('eip6963:requestProvider', announce) }
}

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const other = { ...network, id: 31338, caipNetworkId: 'eip155:31338' as const, name: 'Other' }
const OFF = NO_PLUGINS

let modals: ModalHandle[] = []
const make = () => {
  const modal = createModal({ projectId: 'p', networks: [network, other], features: OFF })
  modals.push(modal)
  return modal
}

afterEach(() => {
  for (const modal of modals) modal.destroy()
  modals = []
  localStorage.clear()
  resetAlertsForTests()
})

describe('createModal', () => {
  it('connects an announced wallet, stores the connection and restores it on reload', async () => {
    const wallet = fakeWallet()
    const modal = make()
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    fireEvent.click(within(dialog).getByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(modal.getState().modal.open).toBe(false))
    expect(modal.getAddress()).toBe(ADDRESS)
    expect(localStorage.getItem('@portico/eip155:connected_connector_id')).toBe('test.wallet')
    expect(localStorage.getItem('@portico/connection_status')).toBe('connected')

    modal.destroy()
    const reloaded = make()
    await expect(reloaded.ready).resolves.toBe(true)
    expect(reloaded.getAddress()).toBe(ADDRESS)
    wallet.stop()
  })

  it('follows wallet events and disconnects per behaviour §4', async () => {
    const wallet = fakeWallet()
    const modal = make()
    act(() => modal.open())
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(modal.getAddress()).toBe(ADDRESS))

    act(() => wallet.provider.emit('chainChanged', '0x7a6a'))
    expect(modal.getNetwork()?.name).toBe('Other')
    act(() => wallet.provider.emit('chainChanged', '0x1'))
    expect(modal.getNetwork()?.name).toBe('Unknown Network')

    await act(() => modal.disconnect())
    expect(modal.getAddress()).toBeUndefined()
    expect(localStorage.getItem('@portico/eip155:connected_connector_id')).toBeNull()
    expect(localStorage.getItem('@portico/connection_status')).toBe('disconnected')
    expect(modal.getNetwork()?.name).toBe('Local')
    wallet.stop()
  })

  it('a later chainChanged to a network the app did not request shows UnsupportedChain (behaviour §2)', async () => {
    const wallet = fakeWallet()
    const modal = make()
    act(() => modal.open())
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(modal.getState().modal.open).toBe(false))

    act(() => wallet.provider.emit('chainChanged', '0x1'))
    const dialog = await screen.findByRole('dialog', { name: 'Switch Network' })
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull()
    // The wallet returns to a requested network by itself: Account.
    act(() => wallet.provider.emit('chainChanged', '0x7a6a'))
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    wallet.stop()
  })

  it('a missing projectId shows the project-id-not-configured alert (debug on by default), not with debug: false', async () => {
    const quiet = createModal({ projectId: '', networks: [network], features: OFF, debug: false })
    modals.push(quiet)
    act(() => quiet.open())
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(screen.queryByRole('alert')).toBeNull()
    quiet.destroy()
    resetAlertsForTests()

    const modal = createModal({ projectId: '', networks: [network], features: OFF })
    modals.push(modal)
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(within(dialog).getByRole('alert').textContent).toContain('Project ID Not Configured')
  })

  it('closes on Escape and from the Close button', async () => {
    const modal = make()
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    act(() => modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('rejects a configuration without networks and both siweConfig and siwx', () => {
    expect(() => createModal({ projectId: 'p', networks: [] as never })).toThrow(/networks/)
    expect(() =>
      createModal({ projectId: 'p', networks: [network], siwx: {}, siweConfig: {} } as never),
    ).toThrow('Cannot set both `siweConfig` and `siwx` options')
  })
})
