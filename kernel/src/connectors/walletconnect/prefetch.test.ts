import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { announceTestWallet, localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'

// Each lazily imported module counts its loads; the connector's prepare (relay socket) is counted too.
const loads = vi.hoisted(() => ({ provider: 0, connector: 0, prepared: 0 }))
vi.mock('./provider.ts', async (importActual) => {
  loads.provider++
  return importActual()
})
vi.mock('./body.ts', async (importActual) => {
  loads.connector++
  return {
    ...(await importActual<typeof import('./body.ts')>()),
    prepareWalletConnect: () => {
      loads.prepared++
    },
  }
})

let modal: ModalHandle | undefined
let withdraw: (() => void) | undefined
/** requestIdleCallback held by the test: the browser "becomes idle" when it runs them. */
let idle: (() => void)[] = []
afterEach(() => {
  modal?.destroy()
  withdraw?.()
  withdraw = undefined
  localStorage.clear()
  idle = []
  vi.unstubAllGlobals()
})

function create() {
  modal = createModal({ projectId: 'p', networks: [localNetwork()], features: NO_PLUGINS })
  return modal
}

describe('WalletConnect when the Connect view opens', { timeout: 20_000 }, () => {
  it('with a browser wallet: nothing of WalletConnect loads with the open, idle or not; pointing at its entry loads the connector and prepares a pairing', async () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle.push(callback)
      return idle.length
    })
    withdraw = announceTestWallet()
    const handle = create()
    act(() => handle.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await within(dialog).findByRole('button', { name: /Test Wallet/ })
    // Painted, then every idle callback and a few frames' worth of timers: still nothing of it.
    for (const callback of idle.splice(0)) callback()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(loads).toEqual({ provider: 0, connector: 0, prepared: 0 })
    const entry = within(dialog).getByRole('button', { name: /WalletConnect/ })
    fireEvent.pointerEnter(entry.closest('li') as HTMLElement)
    await waitFor(() => expect(loads.prepared).toBe(1))
    expect(loads.connector).toBe(1)
    // Preparing is the connector's job (mocked here): the SDK module itself is not imported by the view.
    expect(loads.provider).toBe(0)
  })
})
