import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { emailFormPlugin } from '../../../test/ui/emailFormPlugin.tsx'
import { createModal, type ModalHandle } from '../../createModal.ts'

let modal: ModalHandle | undefined
afterEach(() => {
  modal?.destroy()
  localStorage.clear()
})

async function openConnect(emailShowWallets: boolean) {
  modal = createModal({
    projectId: 'p',
    networks: [localNetwork()],
    features: { ...NO_PLUGINS, emailShowWallets },
    plugins: { emailForm: { definition: emailFormPlugin } },
  })
  const handle = modal
  act(() => handle.open())
  // The plugin loads after the first paint of the open modal: on a loaded machine that can take seconds.
  const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
  await within(dialog).findByRole('textbox', { name: 'Email' }, { timeout: 10_000 })
  return dialog
}

describe('emailShowWallets (behaviour §9)', { timeout: 20_000 }, () => {
  it('on: the wallet list shows beside the email field', async () => {
    const dialog = await openConnect(true)
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
  })

  it('off: the wallets wait behind "Continue with a wallet", which shows them', async () => {
    const dialog = await openConnect(false)
    expect(within(dialog).queryByRole('list', { name: 'Wallets' })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with a wallet' }))
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
  })
})
