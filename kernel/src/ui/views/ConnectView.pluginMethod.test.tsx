import { definePlugin } from '@portico/shared-types/plugin'
import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { emailFormPlugin } from '../../../test/ui/emailFormPlugin.tsx'
import { createModal, type ModalHandle } from '../../createModal.ts'

/** A third-party plugin with a way to connect the kernel has never heard of. */
const passkeyPlugin = definePlugin({
  id: 'passkeyLogin',
  api: '^1.1.0',
  contributes: {
    connectMethods: [
      {
        id: 'passkey',
        method: 'passkey',
        component: () => <button type="button">Sign in with a passkey</button>,
      },
    ],
  },
})

let modal: ModalHandle | undefined
afterEach(() => {
  modal?.destroy()
  localStorage.clear()
})

describe('connect methods plugins contribute', { timeout: 20_000 }, () => {
  it("a method of the plugin's own is shown after the built-in ones", async () => {
    modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: { ...NO_PLUGINS, emailShowWallets: true },
      plugins: {
        passkeyLogin: { definition: passkeyPlugin },
        emailForm: { definition: emailFormPlugin },
      },
    })
    const handle = modal
    act(() => handle.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
    const passkey = await within(dialog).findByRole(
      'button',
      { name: 'Sign in with a passkey' },
      { timeout: 10_000 },
    )
    const email = await within(dialog).findByRole('textbox', { name: 'Email' }, { timeout: 10_000 })
    const wallets = within(dialog).getByRole('list', { name: 'Wallets' })
    // No browser wallet: email, social, wallet (behaviour §2), then the plugin's own method.
    expect(email.compareDocumentPosition(wallets) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(wallets.compareDocumentPosition(passkey) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
