import { type KernelState, SDK_TYPE, SDK_VERSION } from '@portico/shared-types'
import type { BlockchainApiClient, Logger } from '@portico/shared-types/plugin'
import { selectActiveNetwork, selectRequestedNetworks } from '../state/selectors.ts'
import type { Store } from '../state/store.ts'
import { createBlockchainApi } from './blockchainApi.ts'
import { createPluginApiClient } from './blockchainApiClient.ts'
import { createSupportedNetworks } from './supportedNetworks.ts'
import type { StorageLike } from './ttlCache.ts'

/** The blockchain API client of one modal, every call waiting for the supported-chains list first. */
export function createKernelApi(
  store: Store<KernelState>,
  storage: StorageLike,
  log: Logger,
): BlockchainApiClient | undefined {
  const { apiUrl, projectId } = store.get().options
  if (!apiUrl) return undefined
  let supported: ReturnType<typeof createSupportedNetworks> | undefined
  const api = createBlockchainApi({
    baseUrl: apiUrl,
    projectId,
    sdkType: SDK_TYPE,
    sdkVersion: SDK_VERSION,
    isSupportedNetwork: (id) => supported?.has(id) ?? false,
    supportedListRead: () => supported?.read() ?? false,
    activeNetwork: () => selectActiveNetwork(store.get())?.caipNetworkId,
    configuredTokens: (caipNetworkId) =>
      selectRequestedNetworks(store.get()).find((network) => network.caipNetworkId === caipNetworkId)?.tokens,
    storage,
    log,
  })
  supported = createSupportedNetworks(api.getSupportedChains, log)
  return createPluginApiClient(api, supported, log)
}
