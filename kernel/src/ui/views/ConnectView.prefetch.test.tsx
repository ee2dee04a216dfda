import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { announceTestWallet, localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'

const prepared = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../account/walletConnect.ts', async (importActual) => ({
  ...(await importActual<typeof import('../../account/walletConnect.ts')>()),
  prepareWalletConnect: () => {
    prepared.count++
  },
}))

let modal: ModalHandle | undefined
let withdraw: (() => void) | undefined
afterEach(() => {
  modal?.destroy()
  withdraw?.()
  withdraw = undefined
  prepared.count = 0
  localStorage.clear()
})

async function openConnect() {
  modal = createModal({ projectId: 'p', networks: [localNetwork()], features: NO_PLUGINS })
  const handle = modal
  act(() => handle.open())
  const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
  return within(dialog).getByRole('list', { name: 'Wallets' })
}

describe('WalletConnect prepared ahead of the choice', { timeout: 20_000 }, () => {
  it('with no browser wallet, prepares when the Connect view opens', async () => {
    const list = await openConnect()
    expect(within(list).getByRole('button', { name: /WalletConnect/ })).toBeTruthy()
    // A passive effect: it may run after the list is in the DOM. (The view may mount twice in its
    // transition; preparing again is a no-op in prepare.ts.)
    await waitFor(() => expect(prepared.count).toBeGreaterThan(0))
  })

  it('with a browser wallet, prepares only when WalletConnect is pointed at or focused', async () => {
    withdraw = announceTestWallet()
    const list = await openConnect()
    await within(list).findByRole('button', { name: /Test Wallet/ })
    expect(prepared.count).toBe(0)
    const entry = within(list).getByRole('button', { name: /WalletConnect/ })
    fireEvent.pointerEnter(entry)
    expect(prepared.count).toBe(1)
  })
})
