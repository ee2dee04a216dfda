import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeProvider, fakeSession } from '../../../test/connectors/walletconnectTesting.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'
// The view body and the connector are lazy chunks in the build; importing them here transforms them
// before the tests start, so a loaded machine does not spend a test's time on it.
import './ConnectingWalletConnectContent.tsx'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'

const fakes: FakeProvider[] = []
vi.mock('../../connectors/walletconnect/provider.ts', () => ({
  createUniversalProvider: async () => {
    const provider = new FakeProvider()
    fakes.push(provider)
    return provider
  },
}))

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const network = localNetwork()
const OFF = NO_PLUGINS

let modals: ModalHandle[] = []
afterEach(() => {
  for (const modal of modals) modal.destroy()
  modals = []
  fakes.splice(0)
  localStorage.clear()
  vi.useRealTimers()
})

async function openWalletConnect(walletConnectTimeoutMs?: number) {
  const modal = createModal({
    projectId: 'p',
    networks: [network],
    features: OFF,
    ...(walletConnectTimeoutMs ? { walletConnectTimeoutMs } : {}),
  })
  modals.push(modal)
  act(() => modal.open())
  const connect = await screen.findByRole('dialog', { name: 'Connect Wallet' })
  fireEvent.click(
    within(within(connect).getByRole('list', { name: 'Wallets' })).getByRole('button', {
      name: /WalletConnect/,
    }),
  )
  const dialog = await screen.findByRole('dialog', { name: 'WalletConnect' })
  return { modal, dialog }
}

describe('ConnectingWalletConnect view', { timeout: 20_000 }, () => {
  it('shows a loading state, then the QR code and Copy link; approval closes the modal', async () => {
    const { modal, dialog } = await openWalletConnect()
    expect(within(dialog).getByRole('status').textContent).toBe('Preparing a QR code')
    await waitFor(() => expect(fakes).toHaveLength(1))
    let uri: string | undefined
    act(() => {
      uri = fakes[0]?.showUri()
    })
    expect(await within(dialog).findByRole('img', { name: 'WalletConnect QR code' })).toBeTruthy()
    expect(modal.getState().connection.wcUri).toBe(uri)

    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(uri))

    act(() => fakes[0]?.approve(fakeSession([`eip155:31337:${ADDRESS}`])))
    await waitFor(() => expect(modal.getState().modal.open).toBe(false))
    expect(modal.getAddress()).toBe(ADDRESS)
  })

  it('replaces the pairing when 10 s or less remain of its 4 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { modal, dialog } = await openWalletConnect()
    await waitFor(() => expect(fakes).toHaveLength(1))
    act(() => fakes[0]?.showUri('wc:first'))
    await within(dialog).findByRole('img', { name: 'WalletConnect QR code' })
    await act(() => vi.advanceTimersByTimeAsync(229_000))
    expect(fakes[0]?.connectCalls).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    await waitFor(() => expect(fakes[0]?.connectCalls).toHaveLength(2))
    act(() => fakes[0]?.showUri('wc:second'))
    expect(modal.getState().connection.wcUri).toBe('wc:second')
    expect(within(dialog).getByText('This QR code expired: here is a new one.')).toBeTruthy()
  })

  it('an unreachable relay: our message after the timeout, and Try again starts a new pairing', async () => {
    const { dialog } = await openWalletConnect(200)
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Check your connection, then try again.',
    )
    expect(within(dialog).getByText('Could not reach the WalletConnect relay')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(fakes).toHaveLength(2))
    act(() => fakes[1]?.showUri())
    expect(await within(dialog).findByRole('img', { name: 'WalletConnect QR code' })).toBeTruthy()
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })
})
