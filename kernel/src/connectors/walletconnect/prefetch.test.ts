import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createModal, type ModalHandle } from '../../createModal.ts'
import { announceTestWallet, localNetwork, NO_PLUGINS } from '../../testing.ts'

// Each lazily imported module counts its loads; the connector's prepare (relay socket) is counted too.
const loads = vi.hoisted(() => ({ sdkChunk: 0, provider: 0, connector: 0, prepared: 0 }))
vi.mock('./sdkChunk.ts', async (importActual) => {
  loads.sdkChunk++
  return importActual()
})
vi.mock('./provider.ts', async (importActual) => {
  loads.provider++
  return importActual()
})
vi.mock('./index.ts', async (importActual) => {
  loads.connector++
  return {
    ...(await importActual<typeof import('./index.ts')>()),
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
  it('with a browser wallet: the SDK chunk group and the connector load only once the browser is idle after the paint; the SDK is not evaluated, nothing is prepared', async () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle.push(callback)
      return idle.length
    })
    withdraw = announceTestWallet()
    const handle = create()
    act(() => handle.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await within(dialog).findByRole('button', { name: /Test Wallet/ })
    // Painted, the open's own work done: still nothing of WalletConnect while the page is busy.
    await waitFor(() => expect(idle.length).toBeGreaterThan(0))
    expect(loads.connector).toBe(0)
    expect(loads.sdkChunk).toBe(0)
    for (const callback of idle.splice(0)) callback()
    await waitFor(() => expect(loads.sdkChunk).toBe(1))
    await waitFor(() => expect(loads.connector).toBe(1))
    // Fetching is not using: no SDK module evaluated, no pairing (relay socket) prepared.
    expect(loads.provider).toBe(0)
    expect(loads.prepared).toBe(0)
  })
})
