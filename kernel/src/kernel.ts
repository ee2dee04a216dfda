import type { ChainNamespace, Eip1193Provider, KernelState } from '@portico/shared-types'
import type { BlockchainApiClient, Logger } from '@portico/shared-types/plugin'
import type { ConnectorKind } from './connectors/kind.ts'
import type { EventBus } from './events/bus.ts'
import type { I18n } from './i18n/i18n.ts'
import type { PluginHost } from './pluginHost/host.ts'
import type { ViewRegistry } from './router/registry.ts'
import type { Store } from './state/store.ts'
import type { SafeStorage } from './storage/storage.ts'

/** Everything one modal instance owns; actions are plain functions that take it. */
export interface Kernel {
  store: Store<KernelState>
  bus: EventBus
  storage: SafeStorage
  log: Logger
  views: ViewRegistry
  /** Live wallet providers by connector id: objects with behaviour stay out of the immutable store. */
  providers: Map<string, Eip1193Provider>
  plugins: PluginHost
  /** The blockchain API client, when the app configured `apiUrl`. */
  api?: BlockchainApiClient
  /** Wallet event listeners of the live session per namespace. */
  sessions: Map<ChainNamespace, () => void>
  /** Strings, numbers and dates for the modal's locale. */
  i18n: I18n
  /** The kinds of wallet this modal connects; unset: every kind of connectors/kinds.ts. */
  connectorKinds?: readonly ConnectorKind[]
  /**
   * The social login result a Telegram mini app came back with (`result_uri`, checked), until the
   * socials plugin takes it.
   */
  telegramResultUri?: string
  /** Disposers run by `destroy()`. */
  cleanups: (() => void)[]
}
