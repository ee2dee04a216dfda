/**
 * A bundled plugin (an object the app imported) and a remote one (a federated module's export) take the
 * same path once their code is in hand: one definition check, the api range, then context and setup.
 */
import { definePlugin, PLUGIN_API_VERSION, type PluginDefinition } from '@portico/shared-types/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { feature, hostFor } from '../../test/pluginHost/testHost.ts'
import { NO_PLUGINS } from '../../test/testing.ts'

/** What the mocked remote exports, set per test. */
const served = vi.hoisted(() => ({ exported: undefined as unknown }))

vi.mock('./remote.ts', () => ({
  checkRemote: vi.fn(async () => ({ id: 'receive', api: '^1.0.0' })),
  assertApiRange: vi.fn(async () => {}),
  preloadRemote: vi.fn(),
  loadCheckedRemote: vi.fn(async () => served.exported),
}))

afterEach(() => vi.clearAllMocks())

type Outcome = { status: string | undefined; error: string | undefined; contributions: string[] }

/** Loads `exported` as plugin "receive", once bundled and once from a remote, and reports both outcomes. */
async function loadBothWays(exported: unknown): Promise<{ bundled: Outcome; remote: Outcome }> {
  const outcome = async (source: Record<string, unknown>): Promise<Outcome> => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS, receive: true },
      plugins: { receive: source as never },
    })
    await host.ensureLoaded()
    const state = store.get().plugins.receive
    const contributions = host.contributions('walletFeatures').map((item) => item.id)
    return { status: state?.status, error: state?.error, contributions }
  }
  served.exported = exported
  return {
    bundled: await outcome({ definition: exported }),
    remote: await outcome({ url: 'https://plugins.test/receive/remoteEntry.js' }),
  }
}

describe('bundled and remote plugins go through the same validation', () => {
  it('start the same valid definition the same way', async () => {
    const { bundled, remote } = await loadBothWays(feature('receive'))
    expect(bundled).toEqual({ status: 'ready', error: undefined, contributions: ['receive'] })
    expect(remote).toEqual(bundled)
  })

  const broken: [string, unknown, string][] = [
    ['no definition at all', undefined, 'it does not export a plugin definition'],
    ['another id', feature('impostor'), 'it declares id "impostor", not "receive"'],
    ['no api range', { ...feature('receive'), api: undefined }, 'it declares no api range'],
    [
      'a view without a component',
      { ...feature('receive'), views: { receiveView: { title: 'Receive' } } },
      'view "receiveView" has no component',
    ],
    [
      'a contribution point that is not a list',
      { ...feature('receive'), contributes: { walletFeatures: {} } },
      'contributes.walletFeatures is not a list',
    ],
    [
      'a setup that is not a function',
      { ...feature('receive'), setup: 'run' },
      'its setup is not a function',
    ],
    [
      'an api range this kernel does not provide',
      { ...feature('receive'), api: '^2.0.0' },
      `needs plugin API ^2.0.0, this kernel provides ${PLUGIN_API_VERSION}`,
    ],
  ]

  it.each(broken)('refuse %s with the same message', async (_, exported, message) => {
    const { bundled, remote } = await loadBothWays(exported)
    expect(bundled).toEqual({ status: 'failed', error: message, contributions: [] })
    expect(remote).toEqual(bundled)
  })

  it('run a bundled setup with the same kind of context a remote gets', async () => {
    const contexts: unknown[] = []
    const recording: PluginDefinition = definePlugin({
      ...feature('receive'),
      setup: (ctx) => void contexts.push(ctx.pluginId),
    })
    await loadBothWays(recording)
    expect(contexts).toEqual(['receive', 'receive'])
  })
})

describe('a bundled definition passed as itself', () => {
  it('is planned and checked like { definition }', async () => {
    const { host, store } = hostFor({
      features: { ...NO_PLUGINS, receive: true },
      plugins: { receive: feature('receive') },
    })
    await host.ensureLoaded()
    expect(store.get().plugins.receive).toEqual({ status: 'ready' })
    expect(host.contributions('walletFeatures').map((item) => item.id)).toEqual(['receive'])
  })
})
