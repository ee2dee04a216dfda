/**
 * What the Connect and AllWallets views list, from state: pure functions, so the rules are tested
 * without a DOM. A wallet is listed once: a directory entry whose RDNS matches an announced wallet
 * is that installed wallet (it opens ConnectingExternal); every other entry opens WalletConnect.
 */
import type { Connector, KernelState, RecentWallet, WalletDirectoryEntry } from '@portico/shared-types'
import { isBrowserWallet } from './browserWallet.ts'
import { withAllowedImage } from './directoryImages.ts'

export type WalletTarget =
  | { view: 'ConnectingExternal'; params: { connectorId: string } }
  | { view: 'ConnectingWalletConnect'; params: { walletId: string; wallet: WalletDirectoryEntry } }

export interface WalletChoice {
  key: string
  name: string
  imageUrl?: string
  installed: boolean
  entry?: WalletDirectoryEntry
  target: WalletTarget
}

export interface ConnectLists {
  recent: WalletChoice[]
  installed: WalletChoice[]
  featured: WalletChoice[]
  custom: WalletChoice[]
  recommended: WalletChoice[]
}

export { isBrowserWallet }

/** Browser wallets the app did not exclude (behaviour-reference: excluded wallets' RDNS hide their announcements too). */
export function browserWallets(state: Pick<KernelState, 'connectors' | 'wallets'>): Connector[] {
  const excluded = new Set(state.wallets.excludedRDNS)
  return state.connectors.filter(
    (connector) => isBrowserWallet(connector) && !(connector.info?.rdns && excluded.has(connector.info.rdns)),
  )
}

export function installedConnector(
  entry: Pick<WalletDirectoryEntry, 'id' | 'rdns'>,
  connectors: readonly Connector[],
): Connector | undefined {
  return connectors.find(
    (connector) => (entry.rdns && connector.info?.rdns === entry.rdns) || connector.id === entry.id,
  )
}

export function choiceForEntry(entry: WalletDirectoryEntry, connectors: readonly Connector[]): WalletChoice {
  const connector = installedConnector(entry, connectors)
  const imageUrl = entry.image_url ?? connector?.imageUrl
  return {
    key: `wallet:${entry.id}`,
    name: entry.name,
    ...(imageUrl ? { imageUrl } : {}),
    installed: connector !== undefined,
    entry,
    target: connector
      ? { view: 'ConnectingExternal', params: { connectorId: connector.id } }
      : { view: 'ConnectingWalletConnect', params: { walletId: entry.id, wallet: entry } },
  }
}

export function choiceForConnector(connector: Connector): WalletChoice {
  return {
    key: `connector:${connector.id}`,
    name: connector.name,
    ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
    installed: true,
    target: { view: 'ConnectingExternal', params: { connectorId: connector.id } },
  }
}

/** Tracks what is already listed, by wallet id, RDNS and connector id. */
function shownSet() {
  const ids = new Set<string>()
  const rdns = new Set<string>()
  const connectors = new Set<string>()
  return {
    has: (entry: Pick<WalletDirectoryEntry, 'id' | 'rdns'>) =>
      ids.has(entry.id) || (!!entry.rdns && rdns.has(entry.rdns)),
    hasConnector: (connector: Connector) =>
      connectors.has(connector.id) || (!!connector.info?.rdns && rdns.has(connector.info.rdns)),
    add(choice: WalletChoice) {
      if (choice.entry) {
        ids.add(choice.entry.id)
        if (choice.entry.rdns) rdns.add(choice.entry.rdns)
      }
      if (choice.target.view === 'ConnectingExternal') connectors.add(choice.target.params.connectorId)
    },
    addConnector(connector: Connector) {
      connectors.add(connector.id)
      if (connector.info?.rdns) rdns.add(connector.info.rdns)
    },
  }
}

const isExcluded = (entry: WalletDirectoryEntry, state: Pick<KernelState, 'options' | 'wallets'>) =>
  (state.options.excludeWalletIds ?? []).includes(entry.id) ||
  (!!entry.rdns && state.wallets.excludedRDNS.includes(entry.rdns))

/**
 * The Connect view's wallets, each once, in behaviour-reference order: recent (at most 2), installed, featured (in
 * the configured order), custom, recommended.
 */
export function connectLists(
  state: Pick<KernelState, 'connectors' | 'wallets' | 'options'>,
  recentWallets: readonly RecentWallet[],
): ConnectLists {
  const installedConnectors = browserWallets(state)
  const shown = shownSet()
  const take = (entries: readonly WalletDirectoryEntry[]) =>
    entries.flatMap((listed) => {
      const entry = withAllowedImage(listed, state.options)
      if (shown.has(entry) || isExcluded(entry, state)) return []
      const choice = choiceForEntry(entry, installedConnectors)
      // An installed wallet is listed once, among the installed ones.
      if (choice.installed) return []
      shown.add(choice)
      return [choice]
    })
  const recent = recentWallets.flatMap(({ wallet: stored }) => {
    // Stored by an earlier visit: its image is checked against today's configuration too.
    const wallet = withAllowedImage(stored, state.options)
    if (shown.has(wallet) || isExcluded(wallet, state)) return []
    const choice = choiceForEntry(wallet, installedConnectors)
    shown.add(choice)
    return [choice]
  })
  const installed = installedConnectors.flatMap((connector) => {
    if (shown.hasConnector(connector)) return []
    shown.addConnector(connector)
    return [choiceForConnector(connector)]
  })
  return {
    recent,
    installed,
    featured: take(state.wallets.featured),
    custom: take(state.options.customWallets ?? []),
    recommended: take(state.wallets.recommended),
  }
}

/**
 * The AllWallets list: custom wallets, featured, then the loaded pages (or the search results),
 * each wallet once; installed ones first.
 */
export function allWalletsList(
  state: Pick<KernelState, 'connectors' | 'wallets' | 'options'>,
  source: 'list' | 'search',
  search = '',
): WalletChoice[] {
  const installedConnectors = browserWallets(state)
  const query = search.trim().toLowerCase()
  const custom = (state.options.customWallets ?? []).filter(
    (entry) => !query || entry.name.toLowerCase().includes(query),
  )
  const entries =
    source === 'search'
      ? [...custom, ...state.wallets.search]
      : [...custom, ...state.wallets.featured, ...state.wallets.wallets]
  const shown = shownSet()
  const choices = entries.flatMap((listed) => {
    const entry = withAllowedImage(listed, state.options)
    if (shown.has(entry) || isExcluded(entry, state)) return []
    const choice = choiceForEntry(entry, installedConnectors)
    shown.add(choice)
    return [choice]
  })
  return [...choices.filter((choice) => choice.installed), ...choices.filter((choice) => !choice.installed)]
}

/** The All Wallets tag: reference-style rounded count ("230+"), or undefined before it is known. */
export function walletCountLabel(state: Pick<KernelState, 'wallets'>): string | undefined {
  const total = state.wallets.count + state.wallets.featured.length
  if (total === 0) return undefined
  const rounded = total < 10 ? total : Math.floor(total / 10) * 10
  return rounded < total ? `${rounded}+` : String(rounded)
}
