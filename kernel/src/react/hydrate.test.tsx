import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { announceTestWallet, TEST_ADDRESS } from '../../test/react/testWallet.ts'
import { clearCookies } from '../../test/storage/testCookies.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal } from '../createModal.ts'
import { cookieStorage, cookieToInitialState, type PorticoInitialState } from '../storage/cookie.ts'
import { PorticoProvider, useAccount } from './index.ts'

const OPTIONS = {
  projectId: 'p',
  networks: [localNetwork()] as [ReturnType<typeof localNetwork>],
  features: NO_PLUGINS,
  storage: cookieStorage,
}

const seen: string[] = []
function Status() {
  const { status, address } = useAccount()
  seen.push(status)
  return <output aria-label="account">{`${status} ${address ?? '-'}`}</output>
}

const app = (initialState: PorticoInitialState | undefined) => (
  <StrictMode>
    <PorticoProvider options={OPTIONS} {...(initialState ? { initialState } : {})}>
      <Status />
    </PorticoProvider>
  </StrictMode>
)

let root: Root | undefined
afterEach(async () => {
  act(() => root?.unmount())
  root = undefined
  cleanup()
  await act(async () => {})
  clearCookies()
  localStorage.clear()
  seen.length = 0
})

/** A server render of `initialState`, then hydration in this document; returns React's recoverable errors. */
async function hydrate(initialState: PorticoInitialState | undefined) {
  const container = document.createElement('div')
  container.innerHTML = renderToString(app(initialState))
  document.body.append(container)
  const errors: unknown[] = []
  const consoleError = vi.spyOn(console, 'error')
  await act(async () => {
    root = hydrateRoot(container, app(initialState), { onRecoverableError: (error) => errors.push(error) })
  })
  const mismatches = consoleError.mock.calls.filter((call) => /hydrat/i.test(String(call[0])))
  consoleError.mockRestore()
  return [...errors, ...mismatches]
}

describe('server snapshot and hydration', () => {
  it('cookieStorage keeps the connection in cookies: the next server render shows the account, hydration matches and never flickers to disconnected', async () => {
    const wallet = announceTestWallet()
    const first = createModal(OPTIONS)
    act(() => first.open())
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(first.getAddress()).toBe(TEST_ADDRESS))
    first.destroy()
    // The connection travels in cookies; caches and the rest stay in localStorage.
    expect(document.cookie).toContain(encodeURIComponent('@portico/account'))
    const initialState = cookieToInitialState(document.cookie)
    expect(initialState).toEqual({
      account: { namespace: 'eip155', address: TEST_ADDRESS, caipNetworkId: 'eip155:31337' },
    })

    expect(await hydrate(initialState)).toEqual([])
    expect(screen.getByLabelText('account').textContent).toBe(`connected ${TEST_ADDRESS}`)
    await waitFor(() => expect(seen.length).toBeGreaterThan(2))
    // The wallet restores the session: the account stays connected from the first render on.
    await act(async () => {})
    expect(new Set(seen)).toEqual(new Set(['connected']))
    wallet.stop()
  })

  it('shows the real state once the restore fails (the wallet is gone) and forgets the cookies', async () => {
    const account = {
      namespace: 'eip155' as const,
      address: TEST_ADDRESS,
      caipNetworkId: 'eip155:31337' as const,
    }
    cookieStorage.setItem('@portico/connection_status', 'connected')
    cookieStorage.setItem('@portico/connected_namespaces', 'eip155')
    cookieStorage.setItem('@portico/eip155:connected_connector_id', 'test.wallet')
    cookieStorage.setItem('@portico/account', JSON.stringify(account))
    const initialState = cookieToInitialState(document.cookie)
    expect(initialState).toEqual({ account })
    expect(await hydrate(initialState)).toEqual([])
    expect(screen.getByLabelText('account').textContent).toBe(`connected ${TEST_ADDRESS}`)
    await waitFor(() => expect(screen.getByLabelText('account').textContent).toBe('disconnected -'), {
      timeout: 5_000,
    })
    expect(cookieToInitialState(document.cookie)).toBeUndefined()
  })

  it('hydrates the disconnected state without a mismatch', async () => {
    expect(await hydrate(undefined)).toEqual([])
    expect(screen.getByLabelText('account').textContent).toBe('disconnected -')
  })
})
