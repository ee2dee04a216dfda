import { definePlugin } from '@portico/shared-types'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createModal, type ModalHandle } from '../../createModal.ts'
import { testWallet } from '../../requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../testing.ts'

/** The first plugin load brings in the federation runtime: slow on a busy machine. */
const SLOW = { timeout: 15_000 }

let modal: ModalHandle | undefined
let wallet: ReturnType<typeof testWallet> | undefined
afterEach(() => {
  modal?.destroy()
  wallet?.stop()
  localStorage.clear()
})

describe('accountMenu contributions', () => {
  it('are rendered in the Account view and push their view', async () => {
    wallet = testWallet()
    const sessions = definePlugin({
      id: 'sessions',
      api: '^1.0.0',
      views: { Sessions: { component: () => <p>Your sessions</p>, title: 'Sessions' } },
      contributes: {
        accountMenu: [
          { id: 'sessions', label: 'Manage sessions', icon: 'user', view: 'Sessions' },
          // 1.1 isAvailable: a row for another connector's accounts only is hidden.
          {
            id: 'email',
            label: 'Update email',
            view: 'Sessions',
            isAvailable: (state) => state.accounts.eip155?.connectorId === 'ID_AUTH',
          },
        ],
      },
    })
    modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: NO_PLUGINS,
      plugins: { sessions: { definition: sessions } },
    })
    const handle = modal
    act(() => handle.open())
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(handle.getState().plugins.sessions?.status).toBe('ready'), SLOW)
    await waitFor(() => expect(handle.getState().modal.open).toBe(false))
    act(() => handle.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Manage sessions' }))
    expect(screen.queryByRole('button', { name: 'Update email' })).toBeNull()
    expect(await screen.findByText('Your sessions')).toBeTruthy()
    expect(handle.getState().router.history.map((entry) => entry.view)).toEqual(['Account', 'Sessions'])
  })
})
