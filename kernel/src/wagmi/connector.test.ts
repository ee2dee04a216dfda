import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import {
  connect,
  createConfig,
  disconnect,
  getAccount,
  http,
  reconnect,
  signMessage,
  switchChain,
  watchAccount,
} from '@wagmi/core'
import { afterEach, describe, expect, it } from 'vitest'
import { announceTestWallet, TEST_ADDRESS } from '../../test/react/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal, type ModalHandle } from '../createModal.ts'
import { createPorticoClient } from '../react/client.ts'
import { porticoWagmiConfig, toViemChain } from './config.ts'
import { porticoConnector } from './connector.ts'

const LOCAL = localNetwork()
const OTHER = localNetwork(31338, 'Other')
let modals: ModalHandle[] = []
let stops: (() => void)[] = []

function setup() {
  const wallet = announceTestWallet()
  stops.push(wallet.stop)
  const modal = createModal({ projectId: 'p', networks: [LOCAL, OTHER], features: NO_PLUGINS })
  modals.push(modal)
  return { wallet, modal, config: porticoWagmiConfig({ modal }) }
}

function only<T>(items: readonly T[]): T {
  const [item] = items
  if (!item) throw new Error('no connector')
  return item
}

async function chooseTestWallet() {
  fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
}

afterEach(() => {
  for (const modal of modals) modal.destroy()
  for (const stop of stops) stop()
  modals = []
  stops = []
  localStorage.clear()
})

describe('porticoConnector', () => {
  it('wagmi connect opens the Portico modal and gets the account Portico connected', async () => {
    const { config } = setup()
    const connecting = connect(config, { connector: only(config.connectors) })
    await chooseTestWallet()
    await expect(connecting).resolves.toEqual({ accounts: [TEST_ADDRESS], chainId: 31337 })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: TEST_ADDRESS, chainId: 31337 })
  })

  it('a wallet connected from the Portico modal reaches wagmi without calling wagmi connect', async () => {
    const { modal, config } = setup()
    const statuses: string[] = []
    const stop = watchAccount(config, { onChange: (account) => statuses.push(account.status) })
    act(() => modal.open())
    await chooseTestWallet()
    await waitFor(() => expect(getAccount(config).address).toBe(TEST_ADDRESS))
    expect(statuses.at(-1)).toBe('connected')
    stop()
  })

  it('signMessage goes through the kernel to the connected wallet', async () => {
    const { wallet, modal, config } = setup()
    act(() => modal.open())
    await chooseTestWallet()
    await waitFor(() => expect(getAccount(config).status).toBe('connected'))
    await expect(signMessage(config, { message: 'hello' })).resolves.toBe(`0x${'ab'.repeat(65)}`)
    expect(wallet.requests).toEqual([{ method: 'personal_sign', params: ['0x68656c6c6f', TEST_ADDRESS] }])
  })

  it('switchChain moves Portico to a requested network; an unknown chain is refused', async () => {
    const { modal, config } = setup()
    act(() => modal.open())
    await chooseTestWallet()
    await waitFor(() => expect(getAccount(config).status).toBe('connected'))
    await switchChain(config, { chainId: 31338 })
    expect(modal.getNetwork()?.name).toBe('Other')
    await waitFor(() => expect(getAccount(config).chainId).toBe(31338))
    await expect(switchChain(config, { chainId: 1 } as never)).rejects.toThrow()
  })

  it('wagmi disconnect disconnects Portico; a Portico disconnect reaches wagmi', async () => {
    const { modal, config } = setup()
    act(() => modal.open())
    await chooseTestWallet()
    await waitFor(() => expect(getAccount(config).status).toBe('connected'))
    await disconnect(config)
    expect(modal.getAddress()).toBeUndefined()

    act(() => modal.open())
    await chooseTestWallet()
    await waitFor(() => expect(getAccount(config).status).toBe('connected'))
    await act(() => modal.disconnect())
    await waitFor(() => expect(getAccount(config).status).toBe('disconnected'))
  })

  it('reconnects on reload once Portico restored the stored connection', async () => {
    const first = setup()
    const connecting = connect(first.config, { connector: only(first.config.connectors) })
    await chooseTestWallet()
    await connecting
    first.modal.destroy()
    const again = createModal({ projectId: 'p', networks: [LOCAL, OTHER], features: NO_PLUGINS })
    modals.push(again)
    const config = porticoWagmiConfig({ modal: again })
    await reconnect(config)
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: TEST_ADDRESS })
  })
})

describe("porticoConnector over the React provider's handle (its modal loads on intent)", () => {
  it('with nothing to restore, reconnect answers at once and loads nothing; wagmi connect opens the modal', async () => {
    const client = createPorticoClient({
      options: { projectId: 'p', networks: [LOCAL, OTHER], features: NO_PLUGINS },
    })
    const chain = toViemChain(LOCAL)
    const config = createConfig({
      chains: [chain],
      connectors: [porticoConnector({ modal: client.lazyHandle })],
      transports: { [chain.id]: http(chain.rpcUrls.default.http[0]) },
    })
    const stop = announceTestWallet().stop
    stops.push(stop)
    await reconnect(config)
    expect(getAccount(config).status).toBe('disconnected')
    expect(client.current()).toBeUndefined()

    const connecting = connect(config, { connector: only(config.connectors) })
    await chooseTestWallet()
    await connecting
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: TEST_ADDRESS })
    const loaded = client.current()
    if (loaded) modals.push(loaded)
  })
})

describe('porticoWagmiConfig', () => {
  it('uses the eip155 networks of the modal as chains, with HTTP transports', () => {
    const { config } = setup()
    expect(config.chains.map((chain) => chain.id)).toEqual([31337, 31338])
    expect(config.connectors.map((connector) => connector.id)).toEqual(['portico'])
  })

  it('needs an eip155 network', () => {
    const solanaOnly = createModal({
      projectId: 'p',
      networks: [{ ...LOCAL, id: 'x', caipNetworkId: 'solana:x', chainNamespace: 'solana' }],
      features: NO_PLUGINS,
    })
    modals.push(solanaOnly)
    expect(() => porticoWagmiConfig({ modal: solanaOnly })).toThrow('needs at least one eip155 network')
  })

  it('maps a network to a viem chain', () => {
    expect(
      toViemChain({ ...LOCAL, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }),
    ).toMatchObject({
      id: 31337,
      name: 'Local',
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    })
  })
})
