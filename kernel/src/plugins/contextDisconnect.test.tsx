import { definePlugin, type PluginContext } from '@portico/shared-types'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createModal, type ModalHandle } from '../createModal.ts'
import { TEST_ADDRESS, testWallet } from '../requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../testing.ts'

/** The first plugin load brings in the federation runtime: slow on a busy machine. */
const SLOW = { timeout: 15_000 }

let modal: ModalHandle | undefined
let wallet: ReturnType<typeof testWallet> | undefined
afterEach(() => {
  modal?.destroy()
  wallet?.stop()
  localStorage.clear()
})

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
    wallet = testWallet()
    modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: NO_PLUGINS,
      plugins: { signin: { definition: plugin } },
    })
    const handle = modal
    act(() => handle.open())
    await waitFor(() => expect(handle.getState().plugins.signin?.status).toBe('ready'), SLOW)
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(handle.getAddress()).toBe(TEST_ADDRESS))
    await act(() => captured?.account.disconnect?.())
    expect(handle.getAddress()).toBeUndefined()
    expect(handle.getState().accounts.eip155?.status).toBe('disconnected')
  })
})
