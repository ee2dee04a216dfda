import { definePlugin, type PluginContext } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TEST_ADDRESS, testWallet } from '../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { madeEachTest, PLUGIN_LOAD_WAIT } from '../../test/testModals.ts'
import { createModal } from '../createModal.ts'

const made = madeEachTest()

describe('contract 1.1 ctx.account.disconnect', () => {
  it('disconnects the connected wallet the way the handle does (e.g. a cancelled required sign-in)', async () => {
    let captured: PluginContext | undefined
    const plugin = definePlugin({
      id: 'signin',
      api: '^1.1.0',
      setup(ctx) {
        captured = ctx
        return undefined
      },
    })
    made.wallet = testWallet()
    const modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: NO_PLUGINS,
      plugins: { signin: { definition: plugin } },
    })
    made.modal = modal
    const handle = modal
    act(() => handle.open())
    await waitFor(() => expect(handle.getState().plugins.signin?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(handle.getAddress()).toBe(TEST_ADDRESS))
    await act(() => captured?.account.disconnect?.())
    expect(handle.getAddress()).toBeUndefined()
    expect(handle.getState().accounts.eip155?.status).toBe('disconnected')
  })
})
