import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { announceTestWallet } from '../../test/testing.ts'
import { trackModals } from '../../test/testModals.ts'
import { ConnectButton } from './ConnectButton.tsx'
import { PorticoProvider } from './PorticoProvider.tsx'

const announceWallet = announceTestWallet
const modals = trackModals()
const make = (locale?: string) => modals.make(locale ? { locale } : {})

afterEach(() => {
  modals.destroyAll()
  localStorage.clear()
})

describe('ConnectButton', () => {
  it('preloads the plugin remotes when pointed at or focused, before any click', () => {
    const modal = make()
    const preloads: string[] = []
    modal.preloadPlugins = async () => {
      preloads.push('preload')
    }
    const view = render(
      <PorticoProvider modal={modal}>
        <ConnectButton />
      </PorticoProvider>,
    )
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    fireEvent.pointerEnter(button)
    fireEvent.focus(button)
    expect(preloads).toEqual(['preload', 'preload'])
    expect(modal.getState().modal.open).toBe(false)
    view.unmount()
  })

  it('says Connect Wallet, opens the modal, and shows the truncated address once connected', async () => {
    const stop = announceWallet()
    const modal = make()
    render(
      <PorticoProvider modal={modal}>
        <ConnectButton />
      </PorticoProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    fireEvent.click(within(dialog).getByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const account = await screen.findByRole('button', { name: 'Open account 0xf3…b92266 · …' })
    expect(account.textContent).toBe('0xf3…b92266 · …')
    expect(account.dataset.status).toBe('connected')
    // The account chip: the address's avatar beside the address and the balance.
    expect(account.querySelector('svg.pt-cb-avatar circle')?.getAttribute('fill')).toBe(
      'url(#pt-cb-avatar-f39fd6e5)',
    )
    expect(account.querySelector('.pt-cb-balance')?.textContent).toBe('…')
    fireEvent.click(account)
    await screen.findByRole('dialog', { name: 'Account' })
    stop()
  })

  it('is styled by the theme and its size, from one stylesheet carrying the app’s nonce', () => {
    // An earlier test's button already added the (one per document) sheet.
    document.getElementById('portico-connect-button')?.remove()
    const modal = modals.make({ nonce: 'n0nce', themeMode: 'light' })
    render(
      <PorticoProvider modal={modal}>
        <ConnectButton size="lg" className="app" />
      </PorticoProvider>,
    )
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(button.className).toBe('pt-connect-button app')
    expect([button.dataset.size, button.dataset.theme]).toEqual(['lg', 'light'])
    expect(button.hasAttribute('style')).toBe(false)
    const sheet = document.getElementById('portico-connect-button')
    expect(sheet?.getAttribute('nonce')).toBe('n0nce')
    expect(sheet?.textContent).toContain('.pt-connect-button[data-size=lg]')
    act(() => modal.setThemeMode('dark'))
    expect(button.dataset.theme).toBe('dark')
  })

  it('takes a label and speaks the modal’s locale, switching with it', async () => {
    const modal = make('de')
    render(
      <PorticoProvider modal={modal}>
        <ConnectButton />
        <ConnectButton label="Anmelden" />
      </PorticoProvider>,
    )
    expect((await screen.findByRole('button', { name: 'Wallet verbinden' })).lang).toBe('de')
    expect(screen.getByRole('button', { name: 'Anmelden' }).hasAttribute('lang')).toBe(false)
    await act(() => modal.setLocale('ko'))
    await screen.findByRole('button', { name: '지갑 연결' })
  })

  it('hands state and actions to a render prop', async () => {
    const stop = announceWallet()
    const modal = make()
    const seen: string[] = []
    render(
      <PorticoProvider modal={modal}>
        <ConnectButton>
          {(state) => {
            seen.push(state.status)
            return (
              <button type="button" onClick={() => state.open()}>
                {state.isConnected ? `Mine: ${state.displayAddress}` : `Custom ${state.label}`}
              </button>
            )
          }}
        </ConnectButton>
      </PorticoProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Custom Connect Wallet' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await screen.findByRole('button', { name: 'Mine: 0xf3…b92266' })
    expect(seen).toContain('disconnected')
    expect(seen.at(-1)).toBe('connected')
    stop()
  })
})
