import type { Network } from '@portico/shared-types'
import { definePlugin, type PluginContext } from '@portico/shared-types/plugin'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { solanaNetwork } from '../../../test/account/solanaTesting.ts'
import { TEST_ADDRESS, testWallet } from '../../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'

/** The first plugin load brings in the federation runtime: slow on a busy machine. */
const SLOW = { timeout: 15_000 }
const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const SIGNATURE = '5'.repeat(88)

/** No RPC URL: the balance read is skipped (nothing leaves the test). */
const SOLANA: Network = { ...solanaNetwork('http://unused'), rpcUrls: { default: { http: [] } } }

let modals: ModalHandle[] = []
afterEach(() => {
  for (const modal of modals) modal.destroy()
  modals = []
  localStorage.clear()
  vi.restoreAllMocks()
})

/**
 * An AUTH connector like the embedded wallet's: eip155 and solana over one provider, which answers the
 * Solana account as [{ pubkey }] and ends the session (accountsChanged []) on wallet_revokePermissions.
 */
function fakeConnector(
  options: { chains?: ('eip155' | 'solana')[]; solanaAnswer?: () => unknown } = {},
  wallet = testWallet('embedded', 'Embedded', { announce: false }),
) {
  const { chains = ['eip155', 'solana'], solanaAnswer = () => [{ pubkey: SOLANA_ADDRESS }] } = options
  let ctx: PluginContext | undefined
  const provider = {
    ...wallet.eip1193,
    async request(args: { method: string; params?: unknown }) {
      if (args.method === 'solana_requestAccounts' || args.method === 'solana_getAccounts') {
        wallet.received.push(args.method)
        return solanaAnswer()
      }
      const answer = await wallet.provider.request(args)
      if (args.method === 'wallet_revokePermissions') wallet.provider.emit('accountsChanged', [])
      return answer
    },
  }
  const load = vi.fn(async () => provider)
  const definition = definePlugin({
    id: 'embedded',
    api: '^1.1.0',
    views: { Approve: { component: () => <p>Approve in the frame</p>, title: 'Approve Transaction' } },
    contributes: {
      connectors: [
        { id: 'ID_AUTH', name: 'Email', chain: 'eip155', chains, load, unsafeRequestView: 'Approve' },
      ],
    },
    setup(seen) {
      ctx = seen
      return undefined
    },
  })
  return { definition, load, wallet, connect: () => ctx?.account.connect?.('ID_AUTH') }
}

function make(plugin: ReturnType<typeof fakeConnector>, networks: Network[] = [localNetwork(), SOLANA]) {
  const [first, ...rest] = networks as [Network, ...Network[]]
  const modal = createModal({
    projectId: 'p',
    networks: [first, ...rest],
    features: NO_PLUGINS,
    plugins: { embedded: { definition: plugin.definition } },
  })
  modals.push(modal)
  return modal
}

async function connected(plugin: ReturnType<typeof fakeConnector>, networks?: Network[]) {
  const modal = make(plugin, networks)
  act(() => modal.open())
  await waitFor(() => expect(modal.getState().connectors.map((c) => c.id)).toContain('ID_AUTH'), SLOW)
  act(() => void modal.close())
  const result = await act(() => plugin.connect() ?? Promise.reject(new Error('no ctx')))
  return { modal, result }
}

const solana = (modal: ModalHandle) => modal.getState().accounts.solana
const stored = (key: string) => localStorage.getItem(`@portico/${key}`)

describe('plugin connectors on solana (contribution chains)', () => {
  it('connects the Solana account beside eip155, signs through the connector view, restores, disconnects both', async () => {
    const plugin = fakeConnector()
    const { modal, result } = await connected(plugin)
    expect(result).toEqual({ supported: true })
    expect(modal.getState().accounts.eip155).toMatchObject({ status: 'connected', address: TEST_ADDRESS })
    // The Solana account follows the eip155 connect (the caller does not wait for it).
    await waitFor(() => expect(solana(modal)?.status).toBe('connected'))
    expect(plugin.wallet.received).toContain('solana_requestAccounts')
    expect(solana(modal)).toMatchObject({
      status: 'connected',
      address: SOLANA_ADDRESS,
      caipAddress: `${SOLANA.caipNetworkId}:${SOLANA_ADDRESS}`,
      connectorId: 'ID_AUTH',
      preferredAccountType: 'eoa',
      allAccounts: [{ namespace: 'solana', address: SOLANA_ADDRESS, type: 'eoa', publicKey: SOLANA_ADDRESS }],
      connectedWalletInfo: { name: 'Email', type: 'AUTH' },
    })
    // eip155 stays the active namespace (the visitor connected from it).
    expect(modal.getState().networks.activeNamespace).toBe('eip155')
    expect(stored('solana:connected_connector_id')).toBe('ID_AUTH')
    expect(stored('connected_namespaces')?.split(',').sort()).toEqual(['eip155', 'solana'])
    expect(stored('active_namespace')).toBe('eip155')
    expect(stored('active_caip_network_id')).toBe('eip155:31337')

    // On the Solana network: handle.signMessage is solana_signMessage, behind the connector's own view.
    await act(() => modal.switchNetwork(SOLANA))
    expect(modal.getAddress()).toBe(SOLANA_ADDRESS)
    const signed = modal.signMessage('hello')
    expect(await screen.findByText('Approve in the frame')).toBeTruthy()
    await waitFor(() => expect(plugin.wallet.held.map((held) => held.method)).toEqual(['solana_signMessage']))
    plugin.wallet.held[0]?.resolve({ signature: SIGNATURE })
    await expect(signed).resolves.toBe(SIGNATURE)

    // Reload: both namespaces come back, the one used last (solana) active.
    modal.destroy()
    const reloaded = make(fakeConnector({}, plugin.wallet))
    await expect(reloaded.ready).resolves.toBe(true)
    expect(plugin.wallet.received).toContain('solana_getAccounts')
    expect(reloaded.getState().accounts.eip155?.address).toBe(TEST_ADDRESS)
    expect(solana(reloaded)).toMatchObject({
      status: 'connected',
      address: SOLANA_ADDRESS,
      connectorId: 'ID_AUTH',
    })
    expect(reloaded.getState().networks.activeNamespace).toBe('solana')
    expect(reloaded.getAddress()).toBe(SOLANA_ADDRESS)

    // Disconnect: one sign-out, both namespaces reset, nothing left to restore.
    plugin.wallet.received.length = 0
    await act(() => reloaded.disconnect())
    expect(plugin.wallet.received.filter((method) => method === 'wallet_revokePermissions')).toHaveLength(1)
    expect(reloaded.getState().accounts.eip155?.status).toBe('disconnected')
    expect(solana(reloaded)).toMatchObject({ status: 'disconnected' })
    expect(solana(reloaded)?.address).toBeUndefined()
    expect(stored('solana:connected_connector_id')).toBeNull()
  })

  it('the connector signing out (accountsChanged []) resets solana too; solana active before stays active', async () => {
    const plugin = fakeConnector()
    const modal = make(plugin)
    await act(() => modal.switchNetwork(SOLANA))
    act(() => modal.open())
    await waitFor(() => expect(modal.getState().connectors.map((c) => c.id)).toContain('ID_AUTH'), SLOW)
    act(() => void modal.close())
    await act(() => plugin.connect() ?? Promise.reject(new Error('no ctx')))
    expect(modal.getState().networks.activeNamespace).toBe('solana')
    expect(modal.getAddress()).toBe(SOLANA_ADDRESS)
    expect(stored('active_namespace')).toBe('solana')

    act(() => plugin.wallet.provider.emit('accountsChanged', []))
    expect(solana(modal)?.status).toBe('disconnected')
    expect(modal.getState().accounts.eip155?.status).toBe('disconnected')
    expect(stored('solana:connected_connector_id')).toBeNull()
  })

  it('a bad Solana answer leaves eip155 connected and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const plugin = fakeConnector({ solanaAnswer: () => [{ pubkey: '0xnot-base58' }] })
    const modal = createModal({
      projectId: 'p',
      networks: [localNetwork(), SOLANA],
      features: NO_PLUGINS,
      plugins: { embedded: { definition: plugin.definition } },
      debug: true,
    })
    modals.push(modal)
    act(() => modal.open())
    await waitFor(() => expect(modal.getState().connectors.map((c) => c.id)).toContain('ID_AUTH'), SLOW)
    act(() => void modal.close())
    await expect(act(() => plugin.connect() ?? Promise.reject(new Error('no ctx')))).resolves.toEqual({
      supported: true,
    })
    expect(modal.getState().accounts.eip155?.status).toBe('connected')
    expect(solana(modal)?.status).toBe('disconnected')
    expect(stored('solana:connected_connector_id')).toBeNull()
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        '[Portico]',
        expect.stringContaining('connected without its Solana account'),
        expect.any(Error),
      ),
    )
    expect(solana(modal)?.status).toBe('disconnected')
    expect(stored('solana:connected_connector_id')).toBeNull()
  })

  it('the eip155 connect answers without waiting for the Solana account (after-connect views open after it)', async () => {
    const plugin = fakeConnector({ solanaAnswer: () => new Promise(() => undefined) })
    const { modal, result } = await connected(plugin)
    expect(result).toEqual({ supported: true })
    expect(modal.getState().accounts.eip155?.status).toBe('connected')
    expect(solana(modal)?.status).not.toBe('connected')
  })

  it('no Solana account is asked of a connector that does not declare solana, nor without a Solana network', async () => {
    const evmOnly = fakeConnector({ chains: ['eip155'] })
    const first = await connected(evmOnly)
    expect(first.modal.getState().accounts.eip155?.status).toBe('connected')
    expect(evmOnly.wallet.received).not.toContain('solana_requestAccounts')
    expect(solana(first.modal)?.status).toBe('disconnected')
    first.modal.destroy()
    localStorage.clear()

    const noSolana = fakeConnector()
    const second = await connected(noSolana, [localNetwork()])
    expect(second.modal.getState().accounts.eip155?.status).toBe('connected')
    expect(noSolana.wallet.received).not.toContain('solana_requestAccounts')
  })

  it('refuses a connector whose chains name an unsupported namespace', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const plugin = fakeConnector({ chains: ['eip155', 'bip122' as 'solana'] })
    const modal = make(plugin)
    act(() => modal.open())
    await waitFor(
      () => expect(error).toHaveBeenCalledWith(expect.stringContaining('unsupported chains')),
      SLOW,
    )
    expect(modal.getState().connectors.map((c) => c.id)).not.toContain('ID_AUTH')
  })
})
