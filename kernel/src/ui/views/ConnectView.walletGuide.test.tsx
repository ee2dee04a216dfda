import type { Features } from '@portico/shared-types'
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

async function openConnect(features: Partial<Features>, withEmail = true) {
  modal = createModal({
    projectId: 'p',
    networks: [localNetwork()],
    features: { ...NO_PLUGINS, ...features },
    ...(withEmail ? { plugins: { emailForm: { definition: emailFormPlugin } } } : {}),
  })
  const handle = modal
  act(() => handle.open())
  // The plugin loads after the first paint of the open modal: on a loaded machine that can take seconds.
  const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
  if (withEmail) await within(dialog).findByRole('textbox', { name: 'Email' }, { timeout: 10_000 })
  return dialog
}

describe('wallet guide and the wallets feature (behaviour §2, §9)', { timeout: 20_000 }, () => {
  it('"Get started" leaves email alone; "Connect a wallet" brings the wallets back', async () => {
    const dialog = await openConnect({})
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(within(dialog).getByText("Haven't got a wallet?")).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get started' }))
    expect(within(dialog).queryByRole('list', { name: 'Wallets' })).toBeNull()
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toBeTruthy()
    expect(within(dialog).getByText('Already have a wallet?')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect a wallet' }))
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Get started' })).toBeTruthy()
  })

  it('walletGuide off: no switch', async () => {
    const dialog = await openConnect({ walletGuide: false })
    expect(within(dialog).getByRole('list', { name: 'Wallets' })).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Get started' })).toBeNull()
  })

  it('no email or social method: no switch (nothing to switch to)', async () => {
    const dialog = await openConnect({}, false)
    await within(dialog).findByRole('list', { name: 'Wallets' })
    expect(within(dialog).queryByRole('button', { name: 'Get started' })).toBeNull()
  })

  it('wallets off: email alone, no wallet list, no switch', async () => {
    const dialog = await openConnect({ wallets: false })
    expect(within(dialog).queryByRole('list', { name: 'Wallets' })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Get started' })).toBeNull()
    expect(within(dialog).queryByRole('button', { name: 'Connect a wallet' })).toBeNull()
  })
})
