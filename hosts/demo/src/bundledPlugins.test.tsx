// @vitest-environment jsdom
/**
 * Bundled mode, as an app uses it: every plugin package imported by its name and passed to the kernel as
 * the object itself (`plugins: { swaps }`), no remote and no plugin URL. Each must start through the
 * kernel's plugin host: checked, given its ctx, views registered, setup run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createModal, type ModalHandle } from '@portico/kernel'
import type { Eip1193Provider } from '@portico/shared-types'
import type { PluginDefinition } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

const PLUGINS_DIR = path.resolve(import.meta.dirname, '../../../plugins')

interface PluginPackage {
  name: string
  portico: { id: string; exportName: string }
}

const pluginPackages: PluginPackage[] = readdirSync(PLUGINS_DIR)
  .filter((folder) => existsSync(path.join(PLUGINS_DIR, folder, 'package.json')))
  .map(
    (folder) =>
      JSON.parse(readFileSync(path.join(PLUGINS_DIR, folder, 'package.json'), 'utf8')) as PluginPackage,
  )
  .filter((pkg) => pkg.portico?.id)

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** An EIP-6963 wallet that approves at once: the account features load once an account connects. */
function announceWallet(): () => void {
  const provider = {
    async request({ method }: { method: string }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  } as unknown as Eip1193Provider
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: 'b', name: 'Bundled Wallet', icon: 'data:,', rdns: 'bundled.wallet' },
          provider,
        },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}

let modal: ModalHandle | undefined
let withdraw: (() => void) | undefined
afterEach(() => {
  modal?.destroy()
  withdraw?.()
  localStorage.clear()
})

async function importPlugin(pkg: PluginPackage): Promise<{ named: unknown; fallback: unknown }> {
  const module = (await import(/* @vite-ignore */ pkg.name)) as Record<string, unknown>
  return { named: module[pkg.portico.exportName], fallback: module.default }
}

describe('plugin packages in bundled mode', { timeout: 30_000 }, () => {
  it('covers every plugin of the repository', () => {
    expect(pluginPackages.map((pkg) => pkg.portico.id).sort()).toEqual([
      'email',
      'history',
      'names',
      'onramp',
      'receive',
      'send',
      'siwx',
      'smartSessions',
      'socials',
      'swaps',
    ])
  })

  it.each(
    pluginPackages.map((pkg) => [pkg.name, pkg] as const),
  )('%s exports its plugin by name and as default', async (_, pkg) => {
    const { named, fallback } = await importPlugin(pkg)
    expect(named).toBe(fallback)
    expect((named as PluginDefinition).id).toBe(pkg.portico.id)
  })

  it('start in the kernel as plain objects, beside each other, once an account connects', async () => {
    const plugins: Record<string, PluginDefinition> = {}
    for (const pkg of pluginPackages)
      plugins[pkg.portico.id] = (await importPlugin(pkg)).named as PluginDefinition
    const ids = Object.keys(plugins)
    const handle = await connected(plugins)
    await waitFor(
      () => {
        const states = handle.getState().plugins
        expect(Object.fromEntries(ids.map((id) => [id, states[id]?.status]))).toEqual(
          Object.fromEntries(ids.map((id) => [id, 'ready'])),
        )
      },
      { timeout: 20_000 },
    )
  })

  it('render their views through the kernel with their ctx (receive: the connected address)', async () => {
    const pkg = pluginPackages.find((candidate) => candidate.portico.id === 'receive')
    if (!pkg) throw new Error('no receive plugin package')
    const handle = await connected({ receive: (await importPlugin(pkg)).named as PluginDefinition })
    await waitFor(() => expect(handle.getState().plugins.receive?.status).toBe('ready'))
    act(() => handle.open('Receive'))
    const dialog = await screen.findByRole('dialog', { name: 'Receive' })
    await within(dialog).findByText(new RegExp(ADDRESS.slice(2, 6)))
  })
})

/** A modal with these bundled plugins (their features on), connected through the announced wallet. */
async function connected(plugins: Record<string, PluginDefinition>): Promise<ModalHandle> {
  withdraw = announceWallet()
  const handle = createModal({
    projectId: 'p',
    networks: [
      {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        name: 'Local',
        chainNamespace: 'eip155',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
      },
    ],
    features: Object.fromEntries(Object.keys(plugins).map((id) => [id, true])),
    plugins,
    authFrameUrl: 'http://127.0.0.1:9/frame',
    apiUrl: 'http://127.0.0.1:9',
  })
  modal = handle
  act(() => handle.open())
  const dialog = await screen.findByRole('dialog')
  fireEvent.click(await within(dialog).findByRole('button', { name: /Bundled Wallet/ }))
  await waitFor(() => expect(handle.getAddress()).toBe(ADDRESS))
  return handle
}
