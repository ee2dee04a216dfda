import type { Connector, KernelState, ModalOptions, WalletDirectoryEntry } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { allWalletsList, connectLists, walletCountLabel } from './directoryLists.ts'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const entry = (id: string, rdns: string | null = null): WalletDirectoryEntry => ({
  id,
  name: `Wallet ${id}`,
  rdns,
  image_url: `http://dir/${id}.svg`,
})
const announced = (rdns: string, name = rdns): Connector => ({
  id: rdns,
  type: 'ANNOUNCED',
  name,
  chain: 'eip155',
  imageUrl: `data:${rdns}`,
  info: { rdns },
})

function stateWith(
  wallets: Partial<KernelState['wallets']>,
  connectors: Connector[] = [],
  extra: Partial<ModalOptions> = {},
): KernelState {
  const options: ModalOptions = {
    projectId: 'p',
    networks: [network],
    walletDirectoryUrl: 'http://dir',
    ...extra,
  }
  const state = createInitialState(resolveOptions(options), options)
  return { ...state, connectors, wallets: { ...state.wallets, ...wallets } }
}

const names = (choices: { name: string }[]) => choices.map((choice) => choice.name)

describe('Connect view lists', () => {
  it('lists each wallet once: an installed wallet is not repeated among featured or recommended', () => {
    const state = stateWith(
      {
        featured: [entry('f1'), entry('dev', 'dev.portico.wallet')],
        recommended: [entry('dev', 'dev.portico.wallet'), entry('f1'), entry('r1'), entry('r2')],
      },
      [
        announced('dev.portico.wallet', 'Portico Dev Wallet'),
        { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' },
      ],
      { customWallets: [{ id: 'c1', name: 'Custom One' }, entry('r2')] },
    )
    const lists = connectLists(state, [])
    expect(names(lists.installed)).toEqual(['Portico Dev Wallet'])
    expect(lists.installed[0]?.target).toEqual({
      view: 'ConnectingExternal',
      params: { connectorId: 'dev.portico.wallet' },
    })
    expect(names(lists.featured)).toEqual(['Wallet f1'])
    expect(names(lists.custom)).toEqual(['Custom One', 'Wallet r2'])
    expect(names(lists.recommended)).toEqual(['Wallet r1'])
    expect(lists.recommended[0]?.target).toEqual({
      view: 'ConnectingWalletConnect',
      params: { walletId: 'r1', wallet: entry('r1') },
    })
  })

  it('shows recent wallets first; an installed recent one opens the browser wallet and is not listed again', () => {
    const dev = { ...entry('dev', 'dev.portico.wallet'), name: 'Portico Dev Wallet' }
    const state = stateWith({ recommended: [entry('r1'), entry('r2')] }, [
      announced('dev.portico.wallet'),
      announced('other.wallet', 'Other'),
    ])
    const lists = connectLists(state, [
      { id: 'dev', wallet: dev },
      { id: 'r2', wallet: entry('r2') },
    ])
    expect(names(lists.recent)).toEqual(['Portico Dev Wallet', 'Wallet r2'])
    expect(lists.recent[0]).toMatchObject({
      installed: true,
      target: { view: 'ConnectingExternal', params: { connectorId: 'dev.portico.wallet' } },
    })
    expect(lists.recent[1]).toMatchObject({ installed: false, target: { view: 'ConnectingWalletConnect' } })
    expect(names(lists.installed)).toEqual(['Other'])
    expect(names(lists.recommended)).toEqual(['Wallet r1'])
  })

  it('lists a wallet installed on three namespaces once, with its namespaces, the EVM side first', () => {
    const sides: Connector[] = [
      announced('dev.portico.wallet', 'Portico Dev Wallet'),
      {
        id: 'walletStandard:solana:Portico Dev Wallet',
        type: 'ANNOUNCED',
        name: 'Portico Dev Wallet',
        chain: 'solana',
      },
      { id: 'bitcoin:Portico Dev Wallet', type: 'ANNOUNCED', name: 'Portico Dev Wallet', chain: 'bip122' },
      announced('other.wallet', 'Other'),
    ]
    const lists = connectLists(stateWith({}, sides), [])
    expect(names(lists.installed)).toEqual(['Portico Dev Wallet', 'Other'])
    expect(lists.installed[0]).toMatchObject({
      target: { view: 'ConnectingExternal', params: { connectorId: 'dev.portico.wallet' } },
      faces: [
        { connectorId: 'dev.portico.wallet', chain: 'eip155' },
        { connectorId: 'walletStandard:solana:Portico Dev Wallet', chain: 'solana' },
        { connectorId: 'bitcoin:Portico Dev Wallet', chain: 'bip122' },
      ],
    })
    // Recent: the row keeps every namespace, and none of them is listed again among the installed.
    const dev = { ...entry('dev', 'dev.portico.wallet'), name: 'Portico Dev Wallet' }
    const withRecent = connectLists(stateWith({}, sides), [{ id: 'dev', wallet: dev }])
    expect(withRecent.recent[0]?.faces?.map((face) => face.chain)).toEqual(['eip155', 'solana', 'bip122'])
    expect(names(withRecent.installed)).toEqual(['Other'])
  })

  it('hides excluded wallets: by id, and announced wallets whose RDNS the excluded-RDNS lookup found', () => {
    const state = stateWith(
      { recommended: [entry('x1'), entry('r1')], excludedRDNS: ['com.excluded'] },
      [announced('com.excluded', 'Excluded'), announced('com.kept', 'Kept')],
      { excludeWalletIds: ['x1'] },
    )
    const lists = connectLists(state, [{ id: 'x1', wallet: entry('x1') }])
    expect(names(lists.recent)).toEqual([])
    expect(names(lists.installed)).toEqual(['Kept'])
    expect(names(lists.recommended)).toEqual(['Wallet r1'])
  })

  it('labels the All Wallets count like the directory: rounded down to tens with a plus', () => {
    expect(walletCountLabel(stateWith({ count: 0 }))).toBeUndefined()
    expect(walletCountLabel(stateWith({ count: 7 }))).toBe('7')
    expect(walletCountLabel(stateWith({ count: 250 }))).toBe('250')
    expect(walletCountLabel(stateWith({ count: 255, featured: [entry('f')] }))).toBe('250+')
  })
})

describe('AllWallets list', () => {
  it('custom, featured, then pages; installed first and marked; each wallet once', () => {
    const state = stateWith(
      {
        featured: [entry('f1')],
        wallets: [entry('w1'), entry('dev', 'dev.portico.wallet'), entry('f1'), entry('w2')],
      },
      [announced('dev.portico.wallet', 'Portico Dev Wallet')],
      { customWallets: [{ id: 'c1', name: 'Custom One' }] },
    )
    const list = allWalletsList(state, 'list')
    expect(names(list)).toEqual(['Wallet dev', 'Custom One', 'Wallet f1', 'Wallet w1', 'Wallet w2'])
    expect(list[0]).toMatchObject({
      installed: true,
      target: { view: 'ConnectingExternal', params: { connectorId: 'dev.portico.wallet' } },
    })
    expect(list[3]?.target).toEqual({
      view: 'ConnectingWalletConnect',
      params: { walletId: 'w1', wallet: entry('w1') },
    })
  })

  it('search mode lists the search results and the custom wallets whose name matches', () => {
    const state = stateWith({ search: [entry('s1')], wallets: [entry('w1')] }, [], {
      customWallets: [
        { id: 'c1', name: 'Custom One' },
        { id: 'c2', name: 'Other' },
      ],
    })
    expect(names(allWalletsList(state, 'search', ' custom '))).toEqual(['Custom One', 'Wallet s1'])
  })
})
