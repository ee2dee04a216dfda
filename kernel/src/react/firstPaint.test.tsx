import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { announceTestWallet, TEST_ADDRESS } from '../../test/react/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { useAccount, useModal, useModalHandle } from './index.ts'
import { PorticoProvider } from './PorticoProvider.tsx'

const OPTIONS = {
  projectId: 'p',
  networks: [localNetwork()] as [ReturnType<typeof localNetwork>],
  features: NO_PLUGINS,
}

let handle: ReturnType<typeof useModalHandle> | undefined

function Page() {
  const { open } = useModal()
  const { status } = useAccount()
  handle = useModalHandle()
  return (
    <>
      <button type="button" onClick={() => open()}>
        Open Portico
      </button>
      <output aria-label="status">{status}</output>
    </>
  )
}

/** The kernel body's own part of the modal: its toasts' live region (the first paint has none). */
const bodyArrived = () => screen.findByRole('status', { name: 'Notifications' })

afterEach(async () => {
  cleanup()
  await act(async () => {})
  localStorage.clear()
  handle = undefined
})

describe('an open before the kernel body has loaded', () => {
  it('paints the Connect view in the click; the body takes over the same dialog, its name and the focused row', async () => {
    const wallet = announceTestWallet()
    render(
      <PorticoProvider options={OPTIONS}>
        <Page />
      </PorticoProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open Portico' }))
    const dialog = screen.getByRole('dialog', { name: 'Connect Wallet' })
    const heading = within(dialog).getByRole('heading', { name: 'Connect Wallet' })
    const rows = within(within(dialog).getByRole('list', { name: 'Wallets' })).getAllByRole('button')
    expect(rows.map((row) => row.textContent)).toEqual(['Test WalletInstalled', 'WalletConnectQR code'])
    expect(screen.queryByRole('status', { name: 'Notifications' })).toBeNull()
    act(() => rows[1]?.focus())

    await bodyArrived()
    expect(screen.getByRole('dialog', { name: 'Connect Wallet' })).toBe(dialog)
    expect(within(dialog).getByRole('heading', { name: 'Connect Wallet' })).toBe(heading)
    // The rows are the body's now; focus is on its row of the same name.
    const focused = document.activeElement as HTMLElement
    expect(focused).not.toBe(rows[1])
    expect(dialog.contains(focused)).toBe(true)
    expect(focused.textContent).toBe('WalletConnectQR code')
    wallet.stop()
  })

  it('a row pressed before the body arrives is pressed again once it has taken over', async () => {
    const wallet = announceTestWallet()
    render(
      <PorticoProvider options={OPTIONS}>
        <Page />
      </PorticoProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Open Portico' }))
    fireEvent.click(screen.getByRole('button', { name: /^Test Wallet/ }))
    await waitFor(() => expect(screen.getByRole('status', { name: 'status' }).textContent).toBe('connected'))
    expect(handle?.getAddress()).toBe(TEST_ADDRESS)
    expect(screen.queryByRole('dialog')).toBeNull()
    wallet.stop()
  })

  it('closed before the body arrives, it stays closed and focus is back on the opener', async () => {
    const wallet = announceTestWallet()
    render(
      <PorticoProvider options={OPTIONS}>
        <Page />
      </PorticoProvider>,
    )
    const opener = screen.getByRole('button', { name: 'Open Portico' })
    opener.focus()
    fireEvent.click(opener)
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Connect Wallet' }), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    await act(async () => {
      await handle?.ready
    })
    await bodyArrived()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(handle?.getState().modal.open).toBe(false)
    wallet.stop()
  })

  it('with a theme preset named, the first paint wears the preset (its variables a chunk of their own, fetched with the page)', async () => {
    const wallet = announceTestWallet()
    render(
      <PorticoProvider options={{ ...OPTIONS, themePreset: 'ocean' }}>
        <Page />
      </PorticoProvider>,
    )
    // The presets' chunk is fetched when the provider is created; an open before it arrives waits for the body.
    await act(async () => {
      await import('../theme/presets.ts')
    })
    fireEvent.click(screen.getByRole('button', { name: 'Open Portico' }))
    const dialog = screen.getByRole('dialog', { name: 'Connect Wallet' })
    expect(screen.queryByRole('status', { name: 'Notifications' })).toBeNull()
    const root = dialog.closest<HTMLElement>('[data-portico]')
    expect(root?.style.getPropertyValue('--pt-accent')).toBe('#3cc8dc')
    await bodyArrived()
    expect(root?.style.getPropertyValue('--pt-accent')).toBe('#3cc8dc')
    wallet.stop()
  })
})
