import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { announceTestWallet } from '../testing.ts'
import { trackModals } from '../testModals.ts'
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
    fireEvent.click(account)
    await screen.findByRole('dialog', { name: 'Account' })
    stop()
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
