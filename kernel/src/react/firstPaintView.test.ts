import type { ModalOptions, Network } from '@portico/shared-types'
import { afterEach, describe, expect, it } from 'vitest'
import { announceTestWallet, localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { resolveOptions } from '../options.ts'
import { firstPaintConnectView } from './firstPaintView.ts'

const SOLANA: Network = {
  id: 'devnet',
  caipNetworkId: 'solana:devnet',
  name: 'Solana',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [] } },
}

const viewFor = (app: ModalOptions) => firstPaintConnectView(resolveOptions(app), app, window)
const app = (extra: Partial<ModalOptions> = {}): ModalOptions => ({
  projectId: 'p',
  networks: [localNetwork()],
  features: NO_PLUGINS,
  ...extra,
})

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  localStorage.clear()
  document.documentElement.lang = ''
})

/** A Wallet Standard wallet registered the way @wallet-standard/wallet does. */
function registerStandardWallet(wallet: { name: string; icon?: string; chains: string[]; features: object }) {
  const onAppReady = (event: Event) =>
    (event as CustomEvent<{ register(...wallets: unknown[]): unknown }>).detail.register(wallet)
  window.addEventListener('wallet-standard:app-ready', onAppReady)
  stops.push(() => window.removeEventListener('wallet-standard:app-ready', onAppReady))
}

describe('the Connect view of an open’s first paint', () => {
  it('lists the announced wallets, then WalletConnect, as the kernel does', () => {
    stops.push(announceTestWallet())
    expect(viewFor(app())).toEqual({
      wallets: [{ id: 'test.wallet', name: 'Test Wallet', icon: expect.any(String), namespaces: ['eip155'] }],
      walletConnect: true,
    })
  })

  it('lists a Solana Wallet Standard wallet only when a Solana network is requested', () => {
    stops.push(announceTestWallet())
    registerStandardWallet({ name: 'Sol', chains: ['solana:devnet'], features: { 'standard:connect': {} } })
    registerStandardWallet({ name: 'Other', chains: ['sui:mainnet'], features: { 'standard:connect': {} } })
    expect(viewFor(app())?.wallets.map((wallet) => wallet.id)).toEqual(['test.wallet'])
    expect(viewFor(app({ networks: [localNetwork(), SOLANA] }))?.wallets.map((wallet) => wallet.id)).toEqual([
      'test.wallet',
      'walletStandard:solana:Sol',
    ])
  })

  it('lists a wallet announced for EVM and registered for Solana once, with both namespaces, as the kernel does', () => {
    stops.push(announceTestWallet())
    registerStandardWallet({
      name: 'Test Wallet',
      chains: ['solana:devnet'],
      features: { 'standard:connect': {} },
    })
    expect(viewFor(app({ networks: [localNetwork(), SOLANA] }))?.wallets).toEqual([
      { id: 'test.wallet', name: 'Test Wallet', icon: expect.any(String), namespaces: ['eip155', 'solana'] },
    ])
  })

  it('leaves the open to the kernel where its first frame could differ', () => {
    stops.push(announceTestWallet())
    expect(viewFor(app({ locale: 'de' }))).toBeUndefined()
    document.documentElement.lang = 'fr'
    expect(viewFor(app())).toBeUndefined()
    document.documentElement.lang = 'en-GB'
    expect(viewFor(app())).toBeDefined()
    localStorage.setItem('@portico/recent_wallets', '[{"id":"x","name":"X"}]')
    expect(viewFor(app())).toBeUndefined()
  })

  it('leaves it to the kernel when the app excludes wallets (the browser wallets it hides are not known yet)', () => {
    stops.push(announceTestWallet())
    expect(viewFor(app({ excludeWalletIds: ['some-wallet'] }))).toBeUndefined()
    expect(viewFor(app({ excludeWalletIds: [] }))).toBeDefined()
  })

  it('paints no wallets when the app turned the wallet section off (features.wallets false)', () => {
    stops.push(announceTestWallet())
    expect(viewFor(app({ features: { ...NO_PLUGINS, wallets: false } }))).toBeUndefined()
    expect(viewFor(app({ features: { ...NO_PLUGINS, wallets: true } }))).toBeDefined()
  })

  it('leaves it to the kernel when a connect method keeps its place above the wallets', () => {
    const withEmail = app({ features: { ...NO_PLUGINS, email: true }, pluginBaseUrl: 'https://plugins.test' })
    // No browser wallet: email comes first.
    expect(viewFor(withEmail)).toBeUndefined()
    stops.push(announceTestWallet())
    expect(viewFor(withEmail)).toBeDefined()
    // Email on with its wallets behind a button.
    expect(
      viewFor({ ...withEmail, features: { ...withEmail.features, emailShowWallets: false } }),
    ).toBeUndefined()
    // Nothing to list.
    stops.pop()?.()
    expect(viewFor(app({ enableWalletConnect: false }))).toBeUndefined()
  })
})
