import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { announceTestWallet, TEST_WALLET_ADDRESS } from '../test/testing.ts'
import { trackModals } from '../test/testModals.ts'
import type { ModalHandle } from './createModal.ts'
import { definePorticoButton, setDefaultModal } from './element.ts'

const ADDRESS = TEST_WALLET_ADDRESS
const announceWallet = announceTestWallet
const modals = trackModals()
const make = (extra: { locale?: string; nonce?: string } = {}) => modals.make(extra)
const place = (html: string) => {
  document.body.insertAdjacentHTML('beforeend', html)
  const element = document.body.lastElementChild as HTMLElement & { modal?: ModalHandle }
  const button = () => element.shadowRoot?.querySelector('button') as HTMLButtonElement
  return { element, button }
}

beforeAll(() => definePorticoButton())
afterEach(() => {
  modals.destroyAll()
  setDefaultModal(undefined)
  for (const element of document.querySelectorAll('portico-button')) element.remove()
  localStorage.clear()
})

describe('<portico-button>', () => {
  it('waits for a modal, then opens it; label sets the text', async () => {
    const { element, button } = place('<portico-button label="Sign in"></portico-button>')
    expect(button().disabled).toBe(true)
    expect(element.getAttribute('status')).toBe('disconnected')
    const modal = make()
    setDefaultModal(modal)
    expect(button().disabled).toBe(false)
    expect(button().textContent).toBe('Sign in')
    element.setAttribute('label', '')
    expect(button().textContent).toBe('Connect Wallet')
    button().click()
    expect(modal.getState().modal.open).toBe(true)
  })

  it('reflects the connection: status, address and an accessible name with the visible text', async () => {
    const stop = announceWallet()
    const modal = make()
    const { element, button } = place('<portico-button></portico-button>')
    element.modal = modal
    button().click()
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    fireEvent.click(within(dialog).getByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(element.getAttribute('status')).toBe('connected'))
    expect(element.getAttribute('address')).toBe(ADDRESS)
    expect(button().textContent).toBe('0xf3…b92266 · …')
    expect(button().getAttribute('aria-label')).toBe('Open account 0xf3…b92266 · …')
    stop()
  })

  it('speaks the modal’s locale, follows setLocale, and carries the CSP nonce', async () => {
    const modal = make({ locale: 'de', nonce: 'n0nce' })
    const { element, button } = place('<portico-button></portico-button>')
    element.modal = modal
    await waitFor(() => expect(button().textContent).toBe('Wallet verbinden'))
    expect(button().getAttribute('lang')).toBe('de')
    await modal.setLocale('fr')
    expect(button().textContent).toBe('Connecter un wallet')
    expect(button().getAttribute('lang')).toBe('fr')
    element.setAttribute('label', 'Se connecter ici')
    expect(button().hasAttribute('lang')).toBe(false)
    expect(element.shadowRoot?.querySelector('style')?.getAttribute('nonce')).toBe('n0nce')
  })
})
