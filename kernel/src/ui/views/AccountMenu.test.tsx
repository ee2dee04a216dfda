import { definePlugin } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { testWallet } from '../../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { madeEachTest, PLUGIN_LOAD_WAIT } from '../../../test/testModals.ts'
import { createModal } from '../../createModal.ts'

const made = madeEachTest()

describe('accountMenu contributions', () => {
  it('are rendered in the Account view and push their view', async () => {
    made.wallet = testWallet()
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
    const modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: NO_PLUGINS,
      plugins: { sessions: { definition: sessions } },
    })
    made.modal = modal
    const handle = modal
    act(() => handle.open())
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(handle.getState().plugins.sessions?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
    await waitFor(() => expect(handle.getState().modal.open).toBe(false))
    act(() => handle.open())
    // The Account view's body is a lazy chunk (ui/views/Account.tsx), slow to transform in jsdom.
    fireEvent.click(await screen.findByRole('button', { name: 'Manage sessions' }, { timeout: 8_000 }))
    expect(screen.queryByRole('button', { name: 'Update email' })).toBeNull()
    expect(await screen.findByText('Your sessions')).toBeTruthy()
    expect(handle.getState().router.history.map((entry) => entry.view)).toEqual(['Account', 'Sessions'])
  })
})
