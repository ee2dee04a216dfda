import {
  ACCOUNT_FEATURES,
  CONNECT_METHOD_FEATURES,
  PLUGIN_FEATURE_IDS,
  WALLET_FEATURE_ORDER,
} from '@portico/shared-types'
import { definePlugin } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { testWallet } from '../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { madeEachTest, PLUGIN_LOAD_WAIT } from '../../test/testModals.ts'
import { createModal } from '../createModal.ts'

const made = madeEachTest()

/** `swaps` (an account feature) and a host's own plugin, both given in-process, with setup spies. */
function make() {
  const swapsSetup = vi.fn()
  const pointsSetup = vi.fn()
  made.wallet = testWallet()
  const modal = createModal({
    projectId: 'p',
    networks: [localNetwork()],
    features: { ...NO_PLUGINS, swaps: true },
    plugins: {
      swaps: { definition: definePlugin({ id: 'swaps', api: '^1.0.0', setup: swapsSetup }) },
      points: { definition: definePlugin({ id: 'points', api: '^1.0.0', setup: pointsSetup }) },
    },
  })
  made.modal = modal
  return { modal, swapsSetup, pointsSetup }
}

describe('account-feature plugins (the heap with the Connect modal open)', () => {
  it('are built-in plugin features that nothing before a connection needs', () => {
    const beforeConnect = [...Object.values(CONNECT_METHOD_FEATURES), 'siwx']
    for (const id of ACCOUNT_FEATURES) {
      expect(PLUGIN_FEATURE_IDS).toContain(id)
      expect(beforeConnect).not.toContain(id)
    }
    expect(ACCOUNT_FEATURES).toEqual(expect.arrayContaining([...WALLET_FEATURE_ORDER]))
  })

  it('a disconnected open loads the other plugins only; connecting loads the account features', async () => {
    const { modal, swapsSetup, pointsSetup } = make()
    act(() => modal.open())
    await waitFor(() => expect(modal.getState().plugins.points?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
    expect(pointsSetup).toHaveBeenCalledTimes(1)
    expect(modal.getState().plugins.swaps).toBeUndefined()
    expect(swapsSetup).not.toHaveBeenCalled()

    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(modal.getState().plugins.swaps?.status).toBe('ready'), PLUGIN_LOAD_WAIT)
    expect(swapsSetup).toHaveBeenCalledTimes(1)
    expect(pointsSetup).toHaveBeenCalledTimes(1)
  })
})
