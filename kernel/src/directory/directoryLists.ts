/**
 * What the Connect and AllWallets views list, from state: pure functions, so the rules are tested
 * without a DOM. A wallet is listed once: a directory entry whose RDNS matches an announced wallet
 * is that installed wallet (it opens ConnectingExternal); every other entry opens WalletConnect.
 */
import type {
  ChainNamespace,
  Connector,
  KernelState,
  RecentWallet,
  WalletDirectoryEntry,
} from '@portico/shared-types'
import { isBrowserWallet } from './browserWallet.ts'
import { withAllowedImage } from './directoryImages.ts'
import { groupByWallet } from './walletFaces.ts'

export type WalletTarget =
  | { view: 'ConnectingExternal'; params: { connectorId: string } }
  | { view: 'ConnectingWalletConnect'; params: { walletId: string; wallet: WalletDirectoryEntry } }

/** One namespace of an installed wallet: the connector that connects it there. */
export interface WalletFace {
  connectorId: string
  chain: ChainNamespace
}

export interface WalletChoice {
  key: string
  name: string
  imageUrl?: string
  installed: boolean
  entry?: WalletDirectoryEntry
  target: WalletTarget
  /** An installed wallet's namespaces (walletFaces.ts); `target` connects the first. */
  faces?: WalletFace[]
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

const facesOf = (connectors: readonly Connector[]): WalletFace[] =>
  connectors.map((connector) => ({ connectorId: connector.id, chain: connector.chain }))

/** One installed wallet's row: its connectors, one per namespace (groupByWallet), the first one's target. */
export function choiceForConnectors([first, ...others]: readonly [Connector, ...Connector[]]): WalletChoice {
  const imageUrl = [first, ...others].find((connector) => connector.imageUrl)?.imageUrl
  return {
    key: `connector:${first.id}`,
    name: first.name,
    ...(imageUrl ? { imageUrl } : {}),
    installed: true,
    target: { view: 'ConnectingExternal', params: { connectorId: first.id } },
    faces: facesOf([first, ...others]),
  }
}

export const choiceForConnector = (connector: Connector): WalletChoice => choiceForConnectors([connector])

/** The browser wallets, one group of connectors per wallet. */
export const installedWallets = (state: Pick<KernelState, 'connectors' | 'wallets'>) =>
  groupByWallet(browserWallets(state)) as [Connector, ...Connector[]][]

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
  const installedGroups = installedWallets(state)
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
    // A recent installed wallet is listed here with all its namespaces, and not again below.
    const target = choice.target.view === 'ConnectingExternal' ? choice.target.params.connectorId : undefined
    const group = installedGroups.find((members) => members.some((member) => member.id === target))
    if (!group) return [choice]
    for (const member of group) shown.addConnector(member)
    return [{ ...choice, faces: facesOf(group) }]
  })
  const installed = installedGroups.flatMap((group) => {
    if (group.some((member) => shown.hasConnector(member))) return []
    for (const member of group) shown.addConnector(member)
    return [choiceForConnectors(group)]
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
