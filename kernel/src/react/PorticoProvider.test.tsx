import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { announceTestWallet, TEST_ADDRESS } from '../../test/react/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal } from '../createModal.ts'
import { useAccount, useModal, useModalHandle } from './index.ts'
import { PorticoProvider } from './PorticoProvider.tsx'

const OPTIONS = {
  projectId: 'p',
  networks: [localNetwork()] as [ReturnType<typeof localNetwork>],
  features: NO_PLUGINS,
}
const containers = () => document.querySelectorAll('#portico-modal').length

function Probe() {
  const { open, isOpen } = useModal()
  const { status, address } = useAccount()
  return (
    <div>
      <button type="button" onClick={() => open()}>
        Open Portico
      </button>
      <output aria-label="state">{`${isOpen ? 'open' : 'closed'} ${status} ${address ?? '-'}`}</output>
    </div>
  )
}

afterEach(async () => {
  cleanup()
  await act(async () => {})
  localStorage.clear()
})

describe('PorticoProvider', () => {
  it('creates one modal under StrictMode and the hooks drive that live modal', async () => {
    const view = render(
      <StrictMode>
        <PorticoProvider options={OPTIONS}>
          <Probe />
        </PorticoProvider>
      </StrictMode>,
    )
    // Nothing of the modal before intent or use; the open paints at once and the body takes it over.
    expect(containers()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Open Portico' }))
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    // The page's components hear of it after that first frame.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'state' }).textContent).toBe('open disconnected -'),
    )
    // The body's toasts region comes with it.
    expect(await screen.findByRole('status', { name: 'Notifications' })).toBeTruthy()
    expect(containers()).toBe(1)

    view.unmount()
    await act(async () => {})
    expect(containers()).toBe(0)
  })

  it('connects through the hooks under StrictMode: the state reaches the hooks of the kept modal', async () => {
    const wallet = announceTestWallet()
    render(
      <StrictMode>
        <PorticoProvider options={OPTIONS}>
          <Probe />
        </PorticoProvider>
      </StrictMode>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open Portico' }))
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'state' }).textContent).toBe(
        `closed connected ${TEST_ADDRESS}`,
      ),
    )
    wallet.stop()
  })

  it('useModalHandle while rendering under StrictMode still makes one modal, kept after the double effects', async () => {
    let seen: ReturnType<typeof useModalHandle>[] = []
    function HandleUser() {
      seen = [...seen, useModalHandle()]
      return null
    }
    const view = render(
      <StrictMode>
        <PorticoProvider options={OPTIONS}>
          <HandleUser />
        </PorticoProvider>
      </StrictMode>,
    )
    expect(new Set(seen).size).toBe(1)
    act(() => seen[0]?.open())
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    expect(await screen.findByRole('status', { name: 'Notifications' })).toBeTruthy()
    expect(containers()).toBe(1)
    view.unmount()
    await act(async () => {})
    expect(containers()).toBe(0)
  })

  it('loads the kernel body after mount, not during it; an open before it arrives is queued and runs', async () => {
    render(
      <PorticoProvider options={OPTIONS}>
        <Probe />
      </PorticoProvider>,
    )
    // Mounted and its effects run: no modal yet for a fresh visitor (it comes on intent or first use).
    expect(containers()).toBe(0)
    expect(screen.getByRole('status', { name: 'state' }).textContent).toBe('closed disconnected -')
    fireEvent.click(screen.getByRole('button', { name: 'Open Portico' }))
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    expect(containers()).toBe(1)
  })

  it('restores a stored connection on mount without a click', async () => {
    const wallet = announceTestWallet()
    const first = render(
      <PorticoProvider options={OPTIONS}>
        <Probe />
      </PorticoProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open Portico' }))
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'state' }).textContent).toBe(
        `closed connected ${TEST_ADDRESS}`,
      ),
    )
    first.unmount()
    await act(async () => {})
    render(
      <PorticoProvider options={OPTIONS}>
        <Probe />
      </PorticoProvider>,
    )
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'state' }).textContent).toBe(
        `closed connected ${TEST_ADDRESS}`,
      ),
    )
    wallet.stop()
  })

  it('a handle method that needs the loaded modal explains itself before the body arrives', async () => {
    let handle: ReturnType<typeof useModalHandle> | undefined
    function HandleUser() {
      handle = useModalHandle()
      return null
    }
    render(
      <PorticoProvider options={OPTIONS}>
        <HandleUser />
      </PorticoProvider>,
    )
    expect(handle?.getState().modal.open).toBe(false)
    expect(() => handle?.getProvider()).toThrow(
      "getProvider() needs the loaded modal; await the handle's `ready`",
    )
    await handle?.ready
    expect(typeof handle?.getProvider().request).toBe('function')
  })

  it('leaves a modal given by the app alive when it unmounts', async () => {
    const modal = createModal(OPTIONS)
    const view = render(
      <StrictMode>
        <PorticoProvider modal={modal}>
          <Probe />
        </PorticoProvider>
      </StrictMode>,
    )
    view.unmount()
    await act(async () => {})
    expect(containers()).toBe(1)
    act(() => modal.open())
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    modal.destroy()
    expect(containers()).toBe(0)
  })

  it('explains a provider without options or modal', () => {
    expect(() => render(<PorticoProvider />)).toThrow('PorticoProvider needs `options` or `modal`')
  })
})
