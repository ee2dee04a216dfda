import type {
  AccountState,
  ChainNamespace,
  KernelState,
  ModalOptions,
  Network,
  NetworkState,
  ResolvedOptions,
} from '@portico/shared-types'
import { asThemePreset } from '../theme/presetName.ts'

export function emptyAccount(namespace: ChainNamespace): AccountState {
  return {
    namespace,
    currentTab: 0,
    tokenBalance: [],
    smartAccountDeployed: false,
    addressLabels: {},
    allAccounts: [],
    status: 'disconnected',
    balanceLoading: false,
  }
}

export function networkStateFor(namespace: ChainNamespace, networks: readonly Network[]): NetworkState {
  const requested = networks.filter((network) => network.chainNamespace === namespace)
  return {
    ...(requested[0] ? { caipNetwork: requested[0] } : {}),
    supportsAllNetworks: false,
    smartAccountEnabledNetworks: [],
    requestedCaipNetworks: requested,
    approvedCaipNetworkIds: [],
  }
}

export function createInitialState(options: ResolvedOptions, app: ModalOptions): KernelState {
  const namespaces = [...new Set(options.networks.map((network) => network.chainNamespace))]
  const defaultNetwork = options.defaultNetwork ?? options.networks[0]
  const byNamespace: KernelState['networks']['byNamespace'] = {}
  const accounts: KernelState['accounts'] = {}
  for (const namespace of namespaces) {
    const state = networkStateFor(namespace, options.networks)
    if (defaultNetwork.chainNamespace === namespace) state.caipNetwork = defaultNetwork
    byNamespace[namespace] = state
    accounts[namespace] = emptyAccount(namespace)
  }
  return {
    modal: { open: false, loading: false },
    router: { history: [], direction: 'next' },
    accounts,
    networks: { activeNamespace: defaultNetwork.chainNamespace, byNamespace },
    connection: { buffering: false, status: 'disconnected' },
    connectors: [],
    wallets: {
      page: 1,
      count: 0,
      featured: [],
      recommended: [],
      wallets: [],
      search: [],
      excludedRDNS: [],
      isAnalyticsEnabled: options.features.analytics,
      fetching: false,
    },
    toasts: {},
    theme: {
      themeMode: app.themeMode ?? 'dark',
      ...(asThemePreset(app.themePreset) ? { preset: asThemePreset(app.themePreset) } : {}),
      themeVariables: app.themeVariables ?? {},
    },
    options,
    plugins: {},
    signIn: { required: options.siwx?.required ?? false, hasSession: false },
  }
}
