import {
  ACCOUNT_FEATURES,
  CONNECT_METHOD_FEATURES,
  type I18nApi,
  type KernelState,
  type ModalOptions,
  type Network,
  type PorticoEventName,
  type PorticoEvents,
  type ThemeMode,
  type ThemeVariables,
} from '@portico/shared-types'
import type { Root } from 'react-dom/client'
import { startConnectorDiscovery } from './account/discovery.ts'
import { trackRecentWallets } from './account/recentWallets.ts'
import { autoReconnect } from './account/reconnect.ts'
import { contextOf } from './account/report.ts'
import { addRequestedNetwork, removeRequestedNetwork } from './account/requestedNetworks.ts'
import { signInUnavailable } from './account/signInUnavailable.ts'
import { startAccountData } from './account/tokenBalances.ts'
import { createActions } from './actions.ts'
import { afterNextPaint } from './afterNextPaint.ts'
import { alertOptionsOf, checkProjectId } from './alerts/alerts.ts'
import { createKernelApi } from './api/kernelApi.ts'
import { loadAfterConnectPlugins, startAfterConnectHooks } from './connectors/afterConnect.ts'
import { namespaceKind } from './connectors/kinds.ts'
import { directoryOf, setupDirectory } from './directory/directoryController.ts'
import { createEventBus } from './events/bus.ts'
import { defaultLocale } from './i18n/defaultLocale.ts'
import { createI18n } from './i18n/i18n.ts'
import type { Kernel } from './kernel.ts'
import { createLogger } from './log.ts'
import { resolveOptions } from './options.ts'
import { createPluginContext } from './pluginHost/context.ts'
import { createPluginHost } from './pluginHost/host.ts'
import { registerPluginViews } from './pluginHost/registerViews.tsx'
import { createRequestPipeline } from './requests/pipeline.ts'
import { createEip1193Provider, type PorticoEip1193Provider } from './requests/provider.ts'
import { createViewRegistry } from './router/registry.ts'
import { createInitialState } from './state/initialState.ts'
import { selectActiveAccount, selectActiveNetwork, selectIsConnected } from './state/selectors.ts'
import { createStore } from './state/store.ts'
import { persistAccountSnapshot } from './storage/accountSnapshot.ts'
import { createSafeStorage, defaultBackend, memoryBackend } from './storage/storage.ts'
import { takeTelegramResultUri } from './telegram/telegramReturn.ts'
import { registerKernelViews } from './ui/kernelViews.ts'
import { mountModal } from './ui/mount.tsx'
import { loadAccountView } from './ui/views/Account.tsx'

export interface ModalHandle {
  open(view?: string): void
  /** Returns false when a behaviour §2 rule keeps the modal open. */
  close(): boolean
  getState(): KernelState
  subscribe(listener: (state: KernelState) => void): () => void
  on<K extends PorticoEventName>(event: K, handler: (payload: PorticoEvents[K]) => void): () => void
  switchNetwork(network: Network): Promise<void>
  /** Adds a network to the requested list. */
  addNetwork(network: Network): void
  /** Removes a requested network; the last one of a namespace cannot be removed. */
  removeNetwork(network: Network): void
  disconnect(): Promise<void>
  setThemeMode(themeMode: ThemeMode): void
  setThemeVariables(themeVariables: ThemeVariables): void
  /** Switches the modal's language and formats; resolves once its catalogues are loaded. */
  setLocale(locale: string): Promise<void>
  /** Translation and Intl formatting for the current locale (what ConnectButton uses). */
  getI18n(): I18nApi
  /** An EIP-1193 request (e.g. personal_sign) to the connected wallet of the active namespace. */
  request<T = unknown>(args: { method: string; params?: unknown }): Promise<T>
  /**
   * Signs `message` (UTF-8 text or bytes) with the connected account of the active namespace:
   * eip155 through personal_sign (0x-hex signature), solana through the wallet's
   * solana:signMessage (base58 ed25519 signature).
   */
  signMessage(message: string | Uint8Array): Promise<string>
  /**
   * An EIP-1193 provider (request, on/removeListener of accountsChanged, chainChanged, connect,
   * disconnect) for the eip155 wallet Portico connected, through the kernel's request pipeline:
   * for ethers v6 (`new BrowserProvider(handle.getProvider())`) and wagmi connectors.
   */
  getProvider(): PorticoEip1193Provider
  getAddress(): string | undefined
  getNetwork(): Network | undefined
  /** Renders the modal into `element` (for `disableAppend` or `enableEmbedded`); returns unmount. */
  mount(element: HTMLElement): () => void
  /** Resolves once a stored connection was restored (true) or found absent (false). */
  ready: Promise<boolean>
  /**
   * Checks the enabled plugins' manifests and reads the entries of those the next open loads, running
   * none of their code: call it on hover of your connect button or when idle (requestIdleCallback). A
   * remote painted from its manifest's preview, or needed only once connected, gets its manifest read
   * only. While no account is connected, the account features' plugins are left out.
   */
  preloadPlugins(): Promise<void>
  destroy(): void
}

/**
 * Where the React binding (react/client.ts) has the modal render: the container and React root its
 * first paint of an open rendered into, and whether that dialog is showing (the modal then opens before
 * its first render, which keeps the dialog's DOM and focus).
 */
export interface ModalSurfaceHost {
  container: HTMLElement
  root: Root
  open: boolean
}

/** `surface` is the React binding's (react/client.ts); an app leaves it out. */
export function createModal(options: ModalOptions, surface?: ModalSurfaceHost): ModalHandle {
  const resolved = resolveOptions(options)
  const log = createLogger(resolved.debug === true)
  const store = createStore(createInitialState(resolved, options))
  checkProjectId(options.projectId, alertOptionsOf({ store, log }))
  const bus = createEventBus()
  const views = createViewRegistry()
  const backend = options.storage ?? defaultBackend() ?? memoryBackend()
  const api = createKernelApi(store, backend, log)
  const i18n = createI18n(options.locale ?? defaultLocale(), log)
  const publicI18n = i18n.scoped()
  const kernel: Kernel = {
    store,
    bus,
    log,
    views,
    storage: createSafeStorage(backend, log),
    i18n,
    ...(api ? { api } : {}),
    providers: new Map(),
    sessions: new Map(),
    cleanups: [],
    plugins: createPluginHost({
      kernel: { store, bus, log, views },
      contextFor: (id) => createPluginContext(kernel, actions, id),
      registerViews: (definition, ctx) => {
        registerPluginViews(views, definition, ctx)
        if (definition.messages) void i18n.addCatalogues(definition.id, definition.messages)
      },
    }),
  }
  const actions = createActions(kernel)
  // Every request of the handle, getProvider() and plugins goes through the pipeline (behaviour §4–§6).
  const requests = createRequestPipeline(kernel, actions)
  const noSignIn = signInUnavailable(kernel, actions)
  kernel.cleanups.push(requests.dispose, startAfterConnectHooks(kernel, noSignIn))
  let eip1193: ReturnType<typeof createEip1193Provider> | undefined
  // Balances and identity follow the account, the network and each open; refreshBalance (ctx.account,
  // e.g. after a send or a view that needs the truth) reads the balances past their cache.
  const accountData = startAccountData(kernel, actions.toast)
  kernel.cleanups.push(accountData.dispose)
  actions.refreshBalance = () => accountData.refresh({ force: true })
  registerKernelViews(views)
  // Wallet directory (walletDirectoryUrl): lists and analytics, first asked on open; recent wallets.
  setupDirectory(kernel, actions.toast)
  kernel.cleanups.push(trackRecentWallets(kernel, () => directoryOf(kernel)?.initialize()))
  // A custom storage (cookieStorage) also keeps the connected account, for a server render.
  if (options.storage) kernel.cleanups.push(persistAccountSnapshot(store, kernel.storage))
  // Plugins are needed once the modal is used: load (or retry) them on every open, after the view has
  // painted, so fetching and evaluating remotes never delays the first frame. A disconnected open
  // loads only what the Connect view cannot paint without: the account features load when an account
  // connects (only the modal's connect flows emit CONNECT_SUCCESS), a previewed connect method when the
  // visitor turns to it, an after-connect plugin once connected.
  bus.on('MODAL_OPEN', () => {
    const connected = selectIsConnected(store.get())
    afterNextPaint(
      () => void (connected ? kernel.plugins.ensureLoaded() : kernel.plugins.loadForOpen(ACCOUNT_FEATURES)),
    )
  })
  bus.on('CONNECT_SUCCESS', () => {
    void kernel.plugins.ensureLoaded()
    void loadAccountView()
  })

  const mounts = new Set<() => void>()
  const mount = (element: HTMLElement, root?: Root, takeOver?: boolean) => {
    const unmount = mountModal(kernel, actions, element, resolved.enableEmbedded === true, root, takeOver)
    mounts.add(unmount)
    if (resolved.enableEmbedded) actions.open()
    return () => {
      mounts.delete(unmount)
      unmount()
    }
  }

  let ready: Promise<boolean> = Promise.resolve(false)
  if (typeof window !== 'undefined') {
    // behaviour §2: a Telegram mini-app return's result_uri is read, then removed from the address; it
    // is a social login's result, which the socials plugin finishes once the session is restored.
    const resultUri = takeTelegramResultUri(window)
    if (resultUri) kernel.telegramResultUri = resultUri
    startConnectorDiscovery(kernel, window)
    ready = autoReconnect(kernel)
    if (resultUri) void ready.then(() => kernel.plugins.ensureLoaded([CONNECT_METHOD_FEATURES.social]))
    void ready.then((restored) => {
      if (!restored) return
      loadAfterConnectPlugins(kernel, noSignIn)
      void loadAccountView()
    })
    if (!resolved.disableAppend && !resolved.enableEmbedded) {
      const container = surface?.container ?? document.createElement('div')
      if (!surface) {
        container.id = 'portico-modal'
        document.body.append(container)
      }
      if (surface?.open) actions.open()
      const unmount = mount(container, surface?.root, surface?.open)
      kernel.cleanups.push(() => {
        unmount()
        container.remove()
      })
    }
  }

  return {
    open: actions.open,
    close: actions.close,
    getState: store.get,
    subscribe: (listener) => store.subscribe(() => listener(store.get())),
    on(event, handler) {
      bus.on(event, handler)
      return () => bus.off(event, handler)
    },
    switchNetwork: actions.switchNetwork,
    addNetwork: (network) => addRequestedNetwork(kernel, network),
    removeNetwork: (network) => removeRequestedNetwork(kernel, network),
    disconnect: actions.disconnect,
    setThemeMode: actions.setThemeMode,
    setThemeVariables: (themeVariables) =>
      store.update((draft) => {
        draft.theme.themeVariables = { ...draft.theme.themeVariables, ...themeVariables }
      }),
    setLocale: i18n.setLocale,
    getI18n: () => publicI18n,
    request: <T = unknown>(args: { method: string; params?: unknown }) =>
      requests.request(args) as Promise<T>,
    async signMessage(message) {
      const account = selectActiveAccount(store.get())
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      // A namespace whose kind signs itself (Solana, Bitcoin); else personal_sign.
      const signer = account
        ? namespaceKind(kernel, account.namespace, 'signMessage')?.signMessage
        : undefined
      if (signer) return signer(contextOf(kernel), bytes, requests.request)
      const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
      return (await requests.request({ method: 'personal_sign', params: [hex, account?.address] })) as string
    },
    getAddress: () => selectActiveAccount(store.get())?.address,
    getNetwork: () => selectActiveNetwork(store.get()),
    getProvider() {
      if (!eip1193) {
        eip1193 = createEip1193Provider(kernel, requests, actions)
        kernel.cleanups.push(eip1193.dispose)
      }
      return eip1193.provider
    },
    mount: (element) => mount(element),
    ready,
    // Like the open: while disconnected the account features are left out (they cannot be used before a
    // connection, and load when one is made).
    preloadPlugins: () =>
      kernel.plugins.preload(selectIsConnected(store.get()) ? undefined : ACCOUNT_FEATURES),
    destroy() {
      for (const unmount of mounts) unmount()
      for (const cleanup of kernel.cleanups.splice(0)) cleanup()
      for (const dispose of kernel.sessions.values()) dispose()
      kernel.plugins.dispose()
      bus.all.clear()
    },
  }
}
