import {
  CONNECT_METHOD_FEATURES,
  type ConnectMethod,
  KNOWN_CONNECTOR_IDS,
  type ModalOptions,
  type ResolvedOptions,
} from '@portico/shared-types'
import { isSolanaChain } from '../chains/solanaChain.ts'
import { discoverAnnouncedWallets, legacyInjectedProvider } from '../connectors/injected/eip6963.ts'
import { requestsSolana } from '../connectors/solana/requested.ts'
import { groupByWallet } from '../directory/walletFaces.ts'
import { defaultLocale } from '../i18n/defaultLocale.ts'
import { RECENT_WALLETS_KEY } from '../storage/pageKeys.ts'
import { connectMethodOrder } from '../ui/views/connectMethodOrder.ts'

/** A wallet in the visitor's browser as the Connect view lists it (ui/views/ConnectView.tsx WalletRow). */
export interface FirstPaintWallet {
  /** The kernel's connector id for it (its row's key). */
  id: string
  name: string
  icon?: string
  /** The namespaces it offers, one row for all (directory/walletFaces.ts). */
  namespaces: FirstPaintNamespace[]
}

type FirstPaintNamespace = 'eip155' | 'solana'

interface FirstPaintFace {
  id: string
  name: string
  icon?: string
  chain: FirstPaintNamespace
}

/** The Connect view as the kernel paints it at an open, before any plugin or the directory answered. */
export interface FirstPaintConnectView {
  wallets: FirstPaintWallet[]
  walletConnect: boolean
}

interface StandardWallet {
  name: string
  icon?: string
  chains: readonly string[]
  features: Record<string, unknown>
}

/**
 * The Wallet Standard wallets registered on the page, asked the way @wallet-standard/app does
 * (`wallet-standard:app-ready`: each registered wallet registers with the asker at once).
 */
function registeredWallets(target: Window): StandardWallet[] {
  const wallets: StandardWallet[] = []
  const register = (...added: StandardWallet[]) => {
    wallets.push(...added)
    return () => {}
  }
  target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register } }))
  return wallets
}

/** The browser wallets' connectors the kernel's discovery lists, in its order (connectors/registry.ts). */
function browserFaces(options: ResolvedOptions, target: Window): FirstPaintFace[] {
  const wallets: FirstPaintFace[] = []
  const providers: unknown[] = []
  if (options.enableEIP6963 !== false)
    discoverAnnouncedWallets(target, ({ info, provider }) => {
      if (providers.includes(provider) || wallets.some((wallet) => wallet.id === info.rdns)) return
      providers.push(provider)
      wallets.push({ id: info.rdns, name: info.name, icon: info.icon, chain: 'eip155' })
    })()
  if (requestsSolana(options.networks))
    for (const wallet of registeredWallets(target)) {
      const id = `walletStandard:solana:${wallet.name}`
      if ('standard:connect' in wallet.features && wallet.chains.some(isSolanaChain))
        if (!wallets.some((known) => known.id === id))
          wallets.push({
            id,
            name: wallet.name,
            ...(wallet.icon ? { icon: wallet.icon } : {}),
            chain: 'solana',
          })
    }
  const legacy = options.enableInjected === false ? undefined : legacyInjectedProvider(target)
  if (legacy && !providers.includes(legacy))
    wallets.push({ id: KNOWN_CONNECTOR_IDS.injected, name: 'Browser Wallet', chain: 'eip155' })
  return wallets
}

/** One row per wallet, as the kernel groups them (directory/directoryLists.ts connectLists). */
function browserWallets(options: ResolvedOptions, target: Window): FirstPaintWallet[] {
  return groupByWallet(browserFaces(options, target)).flatMap(([first, ...others]) => {
    if (!first) return []
    const icon = [first, ...others].find((face) => face.icon)?.icon
    return [
      {
        id: first.id,
        name: first.name,
        ...(icon ? { icon } : {}),
        namespaces: [first, ...others].map((face) => face.chain),
      },
    ]
  })
}

/** Whether the kernel would show this view in English (its other catalogues would change every word). */
function english(app: ModalOptions): boolean {
  const locale = (app.locale ?? defaultLocale()).toLowerCase()
  return locale === 'en' || locale.startsWith('en-')
}

function hasRecentWallets(app: ModalOptions): boolean {
  try {
    const stored = (app.storage ?? globalThis.localStorage)?.getItem(RECENT_WALLETS_KEY)
    return stored !== null && stored !== undefined && stored !== '[]'
  } catch {
    return false
  }
}

/**
 * The Connect view an open shows, from the options and the wallets on the page, or undefined where the
 * kernel's first frame could differ: another language, recent wallets listed first (the kernel reads
 * and checks them), an exclusion list, a connect method's place kept above the wallets or the wallets
 * behind a button (email and social login on), no wallet section (`wallets` off), or nothing to list.
 */
export function firstPaintConnectView(
  options: ResolvedOptions,
  app: ModalOptions,
  target: Window,
): FirstPaintConnectView | undefined {
  if (!english(app) || hasRecentWallets(app) || !options.features.wallets) return undefined
  // Which browser wallets the app's exclusion list hides (and so whether wallets come first) is known
  // only once the directory answers.
  if (app.excludeWalletIds?.length) return undefined
  const wallets = browserWallets(options, target)
  const walletConnect =
    options.enableWalletConnect !== false &&
    options.networks.some((network) => network.chainNamespace === 'eip155')
  if (wallets.length === 0 && !walletConnect) return undefined
  // A method whose feature is on may keep its place above the wallets (the kernel knows whether its
  // plugin is planned; this page does not, and leaves such an open to the kernel).
  const on = (method: Exclude<ConnectMethod, 'wallet'>) => {
    const flag = options.features[CONNECT_METHOD_FEATURES[method]]
    return Array.isArray(flag) ? flag.length > 0 : Boolean(flag)
  }
  const order = connectMethodOrder(
    options.features.connectMethodsOrder,
    wallets.map(() => ({ type: 'ANNOUNCED' as const })),
  )
  const before = order.slice(0, order.indexOf('wallet')) as Exclude<ConnectMethod, 'wallet'>[]
  if (before.some(on)) return undefined
  if (!options.features.emailShowWallets && on('email')) return undefined
  return { wallets, walletConnect }
}
