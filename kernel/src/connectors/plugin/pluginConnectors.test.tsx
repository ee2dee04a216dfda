import {
  ACCOUNT_DETAILS_CHANGED,
  type ConnectorAccountDetails,
  type ConnectorProvider,
  definePlugin,
  type PluginContext,
  type PluginDefinition,
} from '@portico/shared-types/plugin'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_ADDRESS, testWallet } from '../../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'
import { PLUGIN_CONNECTORS_KEY } from './registry.ts'

/** The first plugin load brings in the federation runtime: slow on a busy machine. */
const SLOW = { timeout: 15_000 }

let modals: ModalHandle[] = []
afterEach(() => {
  for (const modal of modals) modal.destroy()
  modals = []
  localStorage.clear()
})

/** The embedded-wallet role: a plugin whose AUTH connector's code loads on first request. */
function embedded(wallet = testWallet('embedded', 'Embedded', { announce: false })) {
  let ctx: PluginContext | undefined
  const load = vi.fn(async () => wallet.eip1193)
  const setup = vi.fn((seen: PluginContext) => {
    ctx = seen
    return undefined
  })
  const definition: PluginDefinition = definePlugin({
    id: 'embedded',
    api: '^1.1.0',
    views: { Approve: { component: () => <p>Approve in the frame</p>, title: 'Approve Transaction' } },
    contributes: {
      connectors: [{ id: 'ID_AUTH', name: 'Email', chain: 'eip155', load, unsafeRequestView: 'Approve' }],
    },
    setup,
  })
  return { definition, load, setup, wallet, ctx: () => ctx }
}

const bystander = () => {
  const setup = vi.fn(() => undefined)
  return { setup, definition: definePlugin({ id: 'bystander', api: '^1.0.0', setup }) }
}

function make(definitions: PluginDefinition[], features: Record<string, boolean> = {}) {
  const modal = createModal({
    projectId: 'p',
    networks: [localNetwork()],
    features: { ...NO_PLUGINS, ...features },
    plugins: Object.fromEntries(definitions.map((definition) => [definition.id, { definition }])),
  })
  modals.push(modal)
  return modal
}

async function loaded(modal: ModalHandle, id: string, connectorId?: string) {
  act(() => modal.open())
  await waitFor(() => expect(modal.getState().plugins[id]?.status).toBe('ready'), SLOW)
  // Registration code is its own chunk, loaded once the plugin is ready.
  if (connectorId)
    await waitFor(() =>
      expect(modal.getState().connectors.map((connector) => connector.id)).toContain(connectorId),
    )
  act(() => void modal.close())
}

describe('plugin connectors (contract 1.1 contributes.connectors)', () => {
  it('registers an AUTH connector whose code loads only when used, connects, disconnects, reconnects', async () => {
    const plugin = embedded()
    const other = bystander()
    const modal = make([plugin.definition, other.definition])
    await loaded(modal, 'embedded', 'ID_AUTH')
    expect(modal.getState().connectors).toContainEqual({
      id: 'ID_AUTH',
      type: 'AUTH',
      name: 'Email',
      chain: 'eip155',
    })
    expect(plugin.load).not.toHaveBeenCalled()
    // Registered, not connected: nothing stored (a visitor who connects nothing leaves nothing behind).
    expect(localStorage.getItem(PLUGIN_CONNECTORS_KEY)).toBeNull()

    await act(() => plugin.ctx()?.account.connect?.('ID_AUTH') ?? Promise.reject(new Error('no ctx')))
    expect(plugin.load).toHaveBeenCalledTimes(1)
    expect(modal.getAddress()).toBe(TEST_ADDRESS)
    expect(modal.getState().accounts.eip155?.connectedWalletInfo?.type).toBe('AUTH')
    expect(JSON.parse(localStorage.getItem(PLUGIN_CONNECTORS_KEY) ?? '{}')).toEqual({ ID_AUTH: 'embedded' })

    // Reload: only the connector's own plugin is loaded (before any open) and the session comes back.
    modal.destroy()
    const reloadedPlugin = embedded(plugin.wallet)
    const reloadedOther = bystander()
    const reloaded = make([reloadedPlugin.definition, reloadedOther.definition])
    await expect(reloaded.ready).resolves.toBe(true)
    expect(reloaded.getAddress()).toBe(TEST_ADDRESS)
    expect(reloaded.getState().modal.open).toBe(false)
    expect(reloadedPlugin.setup).toHaveBeenCalledTimes(1)
    expect(reloadedOther.setup).not.toHaveBeenCalled()

    // Disconnect goes through the connector (wallet_revokePermissions) and a later reload restores nothing.
    await act(() => reloaded.disconnect())
    expect(plugin.wallet.received).toContain('wallet_revokePermissions')
    reloaded.destroy()
    const again = embedded(plugin.wallet)
    await expect(make([again.definition]).ready).resolves.toBe(false)
    expect(again.load).not.toHaveBeenCalled()
  })

  it('feature off: a stored session of its connector downloads none of its code', async () => {
    const plugin = embedded()
    const modal = make([plugin.definition])
    await loaded(modal, 'embedded', 'ID_AUTH')
    await act(() => plugin.ctx()?.account.connect?.('ID_AUTH') ?? Promise.reject(new Error('no ctx')))
    modal.destroy()

    const off = embedded(plugin.wallet)
    const reloaded = make([off.definition], { embedded: false })
    await expect(reloaded.ready).resolves.toBe(false)
    expect(off.setup).not.toHaveBeenCalled()
    expect(off.load).not.toHaveBeenCalled()
    expect(reloaded.getAddress()).toBeUndefined()
  })

  it('unsafe requests of the connector open its view; the behaviour §5 list is applied to AUTH connectors', async () => {
    const plugin = embedded()
    const modal = make([plugin.definition])
    await loaded(modal, 'embedded', 'ID_AUTH')
    await act(() => plugin.ctx()?.account.connect?.('ID_AUTH') ?? Promise.reject(new Error('no ctx')))
    const signed = modal.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] })
    expect(await screen.findByText('Approve in the frame')).toBeTruthy()
    await waitFor(() => expect(plugin.wallet.held).toHaveLength(1))
    plugin.wallet.held[0]?.resolve('0xsig')
    await expect(signed).resolves.toBe('0xsig')
    await waitFor(() => expect(modal.getState().modal.open).toBe(false))
    // A frame wallet is not a browser wallet: no network switch unless the connector declares it.
    await expect(
      modal.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4200 })
  })

  it('refuses a connector that takes an existing id, a bad id or another namespace; connect only own ones', async () => {
    const wallet = testWallet('taken.wallet', 'Taken')
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const load = vi.fn(async () => wallet.eip1193)
    let ctx: PluginContext | undefined
    const hostile = definePlugin({
      id: 'hostile',
      api: '^1.1.0',
      contributes: {
        connectors: [
          { id: 'taken.wallet', name: 'Impostor', chain: 'eip155', load },
          { id: '../x', name: 'Bad', chain: 'eip155', load },
          { id: 'sol', name: 'Sol', chain: 'solana' as 'eip155', load },
        ],
      },
      setup(seen) {
        ctx = seen
        return undefined
      },
    })
    const modal = make([hostile])
    await loaded(modal, 'hostile')
    await waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('already registered')))
    const connectors = modal.getState().connectors
    expect(connectors.filter((connector) => connector.id === 'taken.wallet')).toHaveLength(1)
    expect(connectors.find((connector) => connector.id === 'taken.wallet')?.name).toBe('Taken')
    expect(connectors.map((connector) => connector.id)).not.toContain('../x')
    expect(connectors.map((connector) => connector.id)).not.toContain('sol')
    await expect(ctx?.account.connect?.('taken.wallet')).rejects.toThrow('has no connector "taken.wallet"')
    expect(log).toHaveBeenCalledWith(expect.stringContaining('already registered'))
    wallet.stop()
    log.mockRestore()
  })
})

describe('plugin connectors: account details (ConnectorProvider)', () => {
  const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

  /** An AUTH connector whose provider reports TEST_ADDRESS as a smart account owned by OWNER. */
  function smartEmbedded(wallet = testWallet('embedded', 'Embedded', { announce: false })) {
    let deployed = false
    const details = (): ConnectorAccountDetails => ({
      user: {
        address: TEST_ADDRESS,
        chainId: 31337,
        email: 'smart@portico.test',
        accounts: [
          { address: OWNER, type: 'eoa' },
          { address: TEST_ADDRESS, type: 'smartAccount' },
        ],
        smartAccountDeployed: deployed,
        preferredAccountType: 'smartAccount',
      },
      preferredAccountType: 'smartAccount',
      allAccounts: [
        { address: OWNER, type: 'eoa' },
        { address: TEST_ADDRESS, type: 'smartAccount' },
      ],
      smartAccountDeployed: deployed,
    })
    const networks = vi.fn(async () => [31337, 0, -1, 1.5, 84532] as number[])
    const provider: ConnectorProvider = {
      ...wallet.eip1193,
      accountDetails: details,
      smartAccountEnabledNetworks: networks,
    }
    const plugin = embedded({ ...wallet, eip1193: provider })
    return {
      ...plugin,
      networks,
      deploy() {
        deployed = true
        wallet.provider.emit(ACCOUNT_DETAILS_CHANGED, undefined)
      },
    }
  }

  const eip155 = (modal: ModalHandle) => modal.getState().accounts.eip155

  it('records user, allAccounts, preferredAccountType, smartAccountDeployed and the smart-account networks; follows changes; restores; clears on disconnect', async () => {
    const plugin = smartEmbedded()
    const modal = make([plugin.definition])
    await loaded(modal, 'embedded', 'ID_AUTH')
    await act(() => plugin.ctx()?.account.connect?.('ID_AUTH') ?? Promise.reject(new Error('no ctx')))

    expect(eip155(modal)).toMatchObject({
      address: TEST_ADDRESS,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      allAccounts: [
        { namespace: 'eip155', address: OWNER, type: 'eoa' },
        { namespace: 'eip155', address: TEST_ADDRESS, type: 'smartAccount' },
      ],
      user: { address: TEST_ADDRESS, email: 'smart@portico.test', chainId: 31337 },
    })
    await waitFor(() =>
      expect(modal.getState().networks.byNamespace.eip155?.smartAccountEnabledNetworks).toEqual([
        31337, 84532,
      ]),
    )
    expect(plugin.networks).toHaveBeenCalledTimes(1)

    // The provider says its details changed (the account got deployed): the state follows.
    act(() => plugin.deploy())
    expect(eip155(modal)?.smartAccountDeployed).toBe(true)
    expect(eip155(modal)?.user?.smartAccountDeployed).toBe(true)

    // Reload: the restored session has the details again.
    modal.destroy()
    const again = smartEmbedded(plugin.wallet)
    const reloaded = make([again.definition])
    await expect(reloaded.ready).resolves.toBe(true)
    expect(eip155(reloaded)).toMatchObject({
      address: TEST_ADDRESS,
      preferredAccountType: 'smartAccount',
      allAccounts: [
        { namespace: 'eip155', address: OWNER, type: 'eoa' },
        { namespace: 'eip155', address: TEST_ADDRESS, type: 'smartAccount' },
      ],
      user: { email: 'smart@portico.test' },
    })
    await waitFor(() =>
      expect(reloaded.getState().networks.byNamespace.eip155?.smartAccountEnabledNetworks).toEqual([
        31337, 84532,
      ]),
    )

    await act(() => reloaded.disconnect())
    const cleared = eip155(reloaded)
    expect(cleared?.user).toBeUndefined()
    expect(cleared?.preferredAccountType).toBeUndefined()
    expect(cleared?.allAccounts).toEqual([])
    expect(cleared?.smartAccountDeployed).toBe(false)
    expect(reloaded.getState().networks.byNamespace.eip155?.smartAccountEnabledNetworks).toEqual([])
  })

  it('a wallet that goes away (accountsChanged []) takes its details and networks with it', async () => {
    const plugin = smartEmbedded()
    const modal = make([plugin.definition])
    await loaded(modal, 'embedded', 'ID_AUTH')
    await act(() => plugin.ctx()?.account.connect?.('ID_AUTH') ?? Promise.reject(new Error('no ctx')))
    await waitFor(() =>
      expect(modal.getState().networks.byNamespace.eip155?.smartAccountEnabledNetworks).toHaveLength(2),
    )
    act(() => plugin.wallet.provider.emit('accountsChanged', []))
    expect(eip155(modal)?.status).toBe('disconnected')
    expect(eip155(modal)?.user).toBeUndefined()
    expect(modal.getState().networks.byNamespace.eip155?.smartAccountEnabledNetworks).toEqual([])
  })

  it('malformed or throwing details change nothing but what is valid; a connector without them stays eoa', async () => {
    const log = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const wallet = testWallet('embedded', 'Embedded', { announce: false })
    let details: () => unknown = () => ({
      user: { address: 'not an address', email: 'x' },
      preferredAccountType: 'owner',
      allAccounts: [{ address: '0x12', type: 'smartAccount' }, 'junk', null],
      smartAccountDeployed: 'yes',
    })
    const provider = {
      ...wallet.eip1193,
      accountDetails: () => details(),
      smartAccountEnabledNetworks: async () => {
        throw new Error('frame down')
      },
    } as ConnectorProvider
    const plugin = embedded({ ...wallet, eip1193: provider })
    const modal = make([plugin.definition])
    await loaded(modal, 'embedded', 'ID_AUTH')
    await act(() => plugin.ctx()?.account.connect?.('ID_AUTH') ?? Promise.reject(new Error('no ctx')))
    expect(eip155(modal)).toMatchObject({
      status: 'connected',
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      allAccounts: [{ namespace: 'eip155', address: TEST_ADDRESS, type: 'eoa' }],
    })
    expect(eip155(modal)?.user).toBeUndefined()

    details = () => {
      throw new Error('broken')
    }
    act(() => wallet.provider.emit(ACCOUNT_DETAILS_CHANGED, undefined))
    expect(eip155(modal)?.status).toBe('connected')
    await waitFor(() => expect(log).toHaveBeenCalled())
    log.mockRestore()

    // A plain EIP-1193 connector: as before, one eoa account and no preferred type.
    const plain = embedded()
    const other = make([plain.definition])
    await loaded(other, 'embedded', 'ID_AUTH')
    await act(() => plain.ctx()?.account.connect?.('ID_AUTH') ?? Promise.reject(new Error('no ctx')))
    expect(eip155(other)?.allAccounts).toEqual([{ namespace: 'eip155', address: TEST_ADDRESS, type: 'eoa' }])
    expect(eip155(other)?.preferredAccountType).toBeUndefined()
    expect(other.getState().networks.byNamespace.eip155?.smartAccountEnabledNetworks).toEqual([])
  })
})
