import { CONNECT_METHOD_FEATURES, type KernelState } from '@portico/shared-types'
import type { PluginContext, PluginStorage } from '@portico/shared-types/plugin'
import { connectOwnConnector } from '../account/pluginConnectors.ts'
import type { KernelActions } from '../actions.ts'
import { alertOptionsOf, raiseAlert } from '../alerts/alerts.ts'
import { truncateAddress } from '../chains/format.ts'
import { chainHelperLoaders } from '../chains/helpers/index.ts'
import { eventsApi } from '../events/bus.ts'
import type { Kernel } from '../kernel.ts'
import { createLogger } from '../log.ts'
import { gatedProvider } from '../requests/pipeline.ts'
import { signInApi } from '../router/signIn.ts'
import { selectActiveAccount } from '../state/selectors.ts'
import { createStore } from '../state/store.ts'
import { useSelector } from '../state/useSelector.ts'
import { uiKit } from '../ui/primitives/index.ts'

function pluginStorage(kernel: Kernel, pluginId: string): PluginStorage {
  const prefix = `@portico/plugin/${pluginId}/`
  return {
    get: <T>(key: string) => kernel.storage.getJson(prefix + key, (value): value is T => value !== undefined),
    set: (key, value) => kernel.storage.set(prefix + key, JSON.stringify(value)),
    remove: (key) => kernel.storage.remove(prefix + key),
  }
}

/** The whole surface a plugin sees (docs/architecture.md, Plugins): no kernel internals leak through it. */
export function createPluginContext(kernel: Kernel, actions: KernelActions, pluginId: string): PluginContext {
  const { store } = kernel
  const requested = (state: KernelState, namespace = state.networks.activeNamespace) =>
    namespace ? (state.networks.byNamespace[namespace]?.requestedCaipNetworks ?? []) : []
  return {
    pluginId,
    config: store.get().options,
    getState: store.get,
    useStore: (selector) => useSelector(store, selector),
    subscribe: store.subscribe,
    router: { push: actions.push, replace: actions.replace, goBack: actions.goBack, reset: actions.reset },
    events: eventsApi(kernel.bus),
    toast: actions.toast,
    ui: uiKit,
    chains: {
      activeNamespace: () => store.get().networks.activeNamespace,
      activeNetwork: (namespace) => {
        const state = store.get()
        const ns = namespace ?? state.networks.activeNamespace
        return ns ? state.networks.byNamespace[ns]?.caipNetwork : undefined
      },
      requestedNetworks: (namespace) => [...requested(store.get(), namespace)],
      switchNetwork: actions.switchNetwork,
      // behaviour §5 floor, in the separators of the modal's locale.
      formatBalance: (value) => kernel.i18n.formatters().formatBalance(value),
      truncateAddress,
      // 1.1: viem / @solana/kit helpers, each a chunk loaded on first use.
      evm: chainHelperLoaders.evm,
      solana: chainHelperLoaders.solana,
      bitcoin: chainHelperLoaders.bitcoin,
    },
    account: {
      get: (namespace) => (namespace ? store.get().accounts[namespace] : selectActiveAccount(store.get())),
      // The request pipeline's gated provider (behaviour §5/§6), never the wallet's raw one.
      provider: (namespace) => gatedProvider(kernel, namespace),
      refreshBalance: actions.refreshBalance,
      connect: (connectorId) => connectOwnConnector(kernel, pluginId, connectorId),
      disconnect: actions.disconnect,
    },
    signIn: signInApi(kernel),
    storage: pluginStorage(kernel, pluginId),
    services: kernel.api ? { api: kernel.api } : {},
    createStore: <S>(initial: S) => {
      const pluginStore = createStore(initial)
      return {
        get: pluginStore.get,
        update: (recipe) => pluginStore.update(recipe as Parameters<typeof pluginStore.update>[0]),
        subscribe: pluginStore.subscribe,
        use: <T>(selector: (state: S) => T) => useSelector<S, T>(pluginStore, selector),
      }
    },
    modal: { open: actions.open, close: () => void actions.close() },
    log: createLogger(store.get().options.debug === true, `Portico:${pluginId}`),
    i18n: kernel.i18n.scoped(pluginId),
    alert: (id) => void (id === 'socialsTimeout' && raiseAlert(id, alertOptionsOf(kernel))),
    // The result holds a login's one-time code: only the plugin that started the login reads it, once.
    takeSocialResult: () => {
      if (pluginId !== CONNECT_METHOD_FEATURES.social) return undefined
      const uri = kernel.telegramResultUri
      delete kernel.telegramResultUri
      return uri
    },
  }
}
