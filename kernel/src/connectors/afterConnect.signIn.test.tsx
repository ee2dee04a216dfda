/** A sign-in the app requires is never skipped: when nothing loaded can ask for it, the connection is refused. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { MESSAGES, type PluginSource } from '@portico/shared-types'
import { definePlugin } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TEST_ADDRESS, testWallet } from '../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { madeEachTest, PLUGIN_LOAD_WAIT } from '../../test/testModals.ts'
import { createModal } from '../createModal.ts'

const made = madeEachTest()

/** A sign-in remote to load once connected, refused by this kernel (its manifest needs plugin API 2). */
let server: http.Server
let base = ''
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url !== '/signin/mf-manifest.json') {
      res.statusCode = 404
      res.end('Not found')
      return
    }
    const integrity = { 'remoteEntry.js': `sha384-${'E'.repeat(64)}` }
    res.setHeader('Content-Type', 'application/json')
    res.end(
      JSON.stringify({
        exposes: [{ name: 'plugin', assets: { js: { sync: [], async: [] } } }],
        portico: {
          version: '1.0.0',
          entry: 'remoteEntry.js',
          integrity,
          id: 'signin',
          api: '^2.0.0',
          loadOn: 'connect',
        },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const connectWith = async (plugins: Record<string, PluginSource>, required: boolean) => {
  made.wallet = testWallet()
  const modal = createModal({
    projectId: 'p',
    networks: [localNetwork()],
    features: NO_PLUGINS,
    plugins,
    ...(required ? { siwx: { required: true } } : {}),
  })
  made.modal = modal
  act(() => modal.open())
  fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
  return modal
}

describe('a required sign-in when nothing can ask for it', () => {
  it('the sign-in remote could not load: the account is disconnected, Connect shows, and the visitor is told', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const modal = await connectWith({ signin: { url: `${base}/signin/remoteEntry.js` } }, true)
    await waitFor(() => expect(modal.getState().plugins.signin?.status).toBe('failed'), PLUGIN_LOAD_WAIT)
    await waitFor(() => expect(modal.getAddress()).toBeUndefined())
    expect(await screen.findByText(MESSAGES.siwxInitFailed)).toBeTruthy()
    expect(modal.getState().modal.open).toBe(true)
    expect(modal.getState().router.history.at(-1)?.view).toBe('Connect')
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('sign-in is required but no plugin can ask for it'),
    )
    log.mockRestore()
  })

  it('the same failed remote with sign-in optional: the connection stands', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const modal = await connectWith({ signin: { url: `${base}/signin/remoteEntry.js` } }, false)
    await waitFor(() => expect(modal.getState().plugins.signin?.status).toBe('failed'), PLUGIN_LOAD_WAIT)
    expect(modal.getAddress()).toBe(TEST_ADDRESS)
    log.mockRestore()
  })

  it('a sign-in plugin still setting up when the account connects is waited for: the connection stands', async () => {
    const run = vi.fn()
    const signin = definePlugin({
      id: 'signin',
      api: '^1.1.0',
      setup: () => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1_500)),
      contributes: { afterConnect: [{ id: 'siwx', run }] },
    })
    const modal = await connectWith({ signin: { definition: signin } }, true)
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1), PLUGIN_LOAD_WAIT)
    expect(modal.getAddress()).toBe(TEST_ADDRESS)
  })

  it('a loaded plugin asks for the sign-in (its hook runs): the connection stands', async () => {
    const run = vi.fn()
    const signin = definePlugin({
      id: 'signin',
      api: '^1.1.0',
      contributes: { afterConnect: [{ id: 'siwx', run }] },
    })
    const modal = await connectWith({ signin: { definition: signin } }, true)
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1), PLUGIN_LOAD_WAIT)
    expect(modal.getAddress()).toBe(TEST_ADDRESS)
  })
})
