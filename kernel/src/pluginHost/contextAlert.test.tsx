import { definePlugin, type PluginContext } from '@portico/shared-types/plugin'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { resetAlertsForTests } from '../alerts/alerts.ts'
import { createModal, type ModalHandle } from '../createModal.ts'

const SLOW = { timeout: 15_000 }

let modal: ModalHandle | undefined
afterEach(() => {
  modal?.destroy()
  resetAlertsForTests()
  localStorage.clear()
})

describe('contract 1.1 ctx.alert', () => {
  it('shows the behaviour §8 socials-timeout alert once, and ignores an unknown alert id', async () => {
    let captured: PluginContext | undefined
    const plugin = definePlugin({
      id: 'frame',
      api: '^1.1.0',
      setup(ctx) {
        captured = ctx
        return undefined
      },
    })
    modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: NO_PLUGINS,
      plugins: { frame: { definition: plugin } },
    })
    const handle = modal
    act(() => handle.open())
    await waitFor(() => expect(handle.getState().plugins.frame?.status).toBe('ready'), SLOW)
    act(() => captured?.alert?.('nope' as 'socialsTimeout'))
    expect(screen.queryByText('Invalid App Configuration')).toBeNull()
    act(() => captured?.alert?.('socialsTimeout'))
    expect(await screen.findByText('Invalid App Configuration')).toBeTruthy()
  })
})
