/**
 * WalletConnect connector (DESIGN §1 connectors/): pairing state machine, session → eip155 account,
 * restore on reload. Loaded through ./register.ts when a pairing starts or a stored session is
 * restored; it imports the SDK (./provider.ts) in turn.
 */
import {
  type AppMetadata,
  type ChainNamespace,
  type Connector,
  MESSAGES,
  type Network,
  type WalletDirectoryEntry,
} from '@portico/shared-types'
import type { ConnectResult } from '../../account/connect.ts'
import { startEip155Session } from '../../account/eip155Session.ts'
import { alertOptionsOf, raiseAlert } from '../../alerts/alerts.ts'
import { en } from '../../i18n/en.ts'
import type { Kernel } from '../../kernel.ts'
import { closeSession, currentEip155Chain, eip155Adapter } from './adapter.ts'
import {
  authenticateSession,
  authenticationFor,
  offersAuthentication,
  WalletConnectAuthError,
} from './authenticate.ts'
import { desktopPairingAction, mobilePairingAction, pairingExpiry } from './pairing.ts'
import { type Platform, readPlatform, usesMobilePairingRules } from './platform.ts'
import { type PreparedHolder, preparePairing, takePrepared } from './prepare.ts'
import type { ProviderConfig, WalletConnectProvider } from './provider.ts'
import { storeDeepLinkChoice, storeRecentWallet } from './recent.ts'
import {
  isWalletConnectOffered,
  offerWalletConnect,
  WALLET_CONNECT_ID,
  walletConnectConnector,
} from './register.ts'
import { InvalidSessionError, sessionAccount } from './sessionAccounts.ts'

export { WALLET_CONNECT_ID, walletConnectConnector }
export const DEFAULT_WALLETCONNECT_TIMEOUT_MS = 15_000

/** Session methods offered to wallets (SPEC §7) and the events the kernel follows. */
export const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]
export const EIP155_EVENTS = ['accountsChanged', 'chainChanged']

/** The relay did not answer in time, or refused the connection. */
export class WalletConnectRelayError extends Error {
  override name = 'WalletConnectRelayError'
}

/** A newer pairing replaced this one; whoever waited for it waits for the newer one instead. */
export class PairingSupersededError extends Error {
  override name = 'PairingSupersededError'
}

export interface WalletConnectOptions {
  /** The directory entry the user chose, if any (name shown, deep links, recent wallet). */
  wallet?: WalletDirectoryEntry
  /** Start a new pairing whatever the SPEC §4 rules say (Try again, or the shown pairing expired). */
  fresh?: boolean
}

interface Attempt {
  id: number
  wallet?: WalletDirectoryEntry
  settled: boolean
  promise: Promise<ConnectResult>
  resolve(result: ConnectResult): void
  reject(error: unknown): void
}

export interface WalletConnectDependencies {
  /** Creates the SDK provider; by default the lazily imported UniversalProvider. */
  createProvider?: (config: ProviderConfig) => Promise<WalletConnectProvider>
  platform?: () => Platform
}

interface Runtime extends PreparedHolder {
  createProvider: (config: ProviderConfig) => Promise<WalletConnectProvider>
  platform: () => Platform
  provider?: Promise<WalletConnectProvider>
  attempt?: Attempt
  nextId: number
}

const runtimes = new WeakMap<Kernel, Runtime>()

const loadProvider = async (config: ProviderConfig) =>
  (await import(/* webpackChunkName: "walletconnect" */ './provider.ts')).createUniversalProvider(config)

/** Offers WalletConnect (./register.ts) with these dependencies; tests pass a fake SDK provider. */
export function registerWalletConnect(kernel: Kernel, dependencies: WalletConnectDependencies = {}): void {
  if (offerWalletConnect(kernel)) createRuntime(kernel, dependencies)
}

function createRuntime(kernel: Kernel, dependencies: WalletConnectDependencies): Runtime {
  const runtime: Runtime = {
    createProvider: dependencies.createProvider ?? loadProvider,
    platform: dependencies.platform ?? (() => readPlatform()),
    nextId: 0,
  }
  runtimes.set(kernel, runtime)
  kernel.cleanups.push(() => {
    runtimes.delete(kernel)
    void runtime.provider?.then(stopProvider, () => undefined)
  })
  return runtime
}

/** The kernel's runtime, created on first use when WalletConnect is offered. */
const runtimeOf = (kernel: Kernel): Runtime | undefined =>
  runtimes.get(kernel) ?? (isWalletConnectOffered(kernel) ? createRuntime(kernel, {}) : undefined)

function stopProvider(provider: WalletConnectProvider) {
  provider.events.removeAllListeners()
  provider.client.core.heartbeat.stop()
  return provider.client.core.relayer.transportClose().catch(() => undefined)
}

function defaultMetadata(): AppMetadata {
  const location = globalThis.location
  return {
    name: globalThis.document?.title || location?.host || 'Portico',
    description: '',
    url: location?.origin ?? '',
    icons: [],
  }
}

function providerConfig(kernel: Kernel): ProviderConfig {
  const { options } = kernel.store.get()
  return {
    projectId: options.projectId,
    ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
    metadata: options.metadata ?? defaultMetadata(),
    debug: options.debug === true,
  }
}

function getProvider(kernel: Kernel, runtime: Runtime, quiet = false): Promise<WalletConnectProvider> {
  if (runtime.provider) return runtime.provider
  const pending: Promise<WalletConnectProvider> = runtime.createProvider(providerConfig(kernel)).then(
    (provider) => {
      // A refused connection (close code 3000) arrives only as this event; connect() never settles.
      provider.client.core.relayer.on('relayer_error', (error: unknown) => {
        kernel.log.warn('Portico: WalletConnect relay error', error)
        const attempt = runtime.attempt
        if (runtime.provider === pending && attempt && !attempt.settled)
          failAttempt(kernel, runtime, attempt, relayError(error))
      })
      return provider
    },
    (error: unknown) => {
      if (runtime.provider === pending) runtime.provider = undefined
      // SPEC §8: the universal-provider alert, once per page (not for a pairing prepared in advance:
      // the attempt that follows, if the user chooses WalletConnect, raises it).
      if (!quiet) raiseAlert('universalProvider', alertOptionsOf(kernel))
      throw error
    },
  )
  runtime.provider = pending
  return pending
}

const relayError = (cause?: unknown) =>
  new WalletConnectRelayError(en.walletConnect.relayUnreachable, { cause })

/**
 * The eip155 part of the session proposal: every eip155 network of the app, with an rpcMap so the
 * provider's reads go to the app's RPC URLs (keys by chain reference, as the SDK looks them up).
 */
export function proposalNamespaces(networks: readonly Network[], rpcMap: Record<string, string> = {}) {
  const eip155 = networks.filter((network) => network.chainNamespace === 'eip155')
  const urls: Record<string, string> = {}
  for (const [caipNetworkId, url] of Object.entries(rpcMap)) {
    const [namespace, reference] = caipNetworkId.split(':')
    if (namespace === 'eip155' && reference) urls[reference] = url
  }
  for (const network of eip155) {
    const url = rpcMap[network.caipNetworkId] ?? network.rpcUrls.default.http[0]
    if (url) urls[String(network.id)] = url
  }
  return {
    eip155: {
      chains: eip155.map((network) => network.caipNetworkId),
      methods: [...EIP155_METHODS],
      events: [...EIP155_EVENTS],
      rpcMap: urls,
    },
  }
}

const requestedNetworks = (kernel: Kernel) =>
  Object.values(kernel.store.get().networks.byNamespace).flatMap(
    (slice) => slice?.requestedCaipNetworks ?? [],
  )

/** A pairing now would sign in (authenticate.ts): every network eip155 and a plugin contributing it. */
const mightSignIn = (kernel: Kernel) =>
  requestedNetworks(kernel).every((network) => network.chainNamespace === 'eip155') &&
  kernel.plugins.contributions('walletConnectAuth').length > 0

function settle(attempt: Attempt) {
  const first = !attempt.settled
  attempt.settled = true
  return first
}

function failAttempt(kernel: Kernel, runtime: Runtime, attempt: Attempt, error: unknown) {
  if (!settle(attempt)) return
  attempt.reject(error)
  if (runtime.attempt !== attempt) return
  const message = error instanceof Error ? error.message : String(error)
  kernel.store.update((draft) => {
    draft.connection.wcError = true
    draft.connection.buffering = false
    draft.connection.status = 'disconnected'
    delete draft.connection.wcAuthenticating
    delete draft.connection.wcUri
    delete draft.connection.wcPairingExpiry
  })
  kernel.bus.emit('CONNECT_ERROR', { message, name: attempt.wallet?.name ?? walletConnectConnector.name })
  if (error instanceof WalletConnectRelayError) {
    // Stop the SDK's own retries (~75 s) and start the next pairing on a fresh client.
    const stale = runtime.provider
    runtime.provider = undefined
    void stale?.then(stopProvider, () => undefined)
  }
}

type Session = NonNullable<WalletConnectProvider['session']>

/** Session accounts → the eip155 account; returns whether its chain is one the app requested. */
function applySession(
  kernel: Kernel,
  provider: WalletConnectProvider,
  session: Session,
  wallet?: WalletDirectoryEntry,
): boolean {
  const active = kernel.store.get().networks.byNamespace.eip155?.caipNetwork?.caipNetworkId
  const account = sessionAccount(kernel.log, session.namespaces.eip155?.accounts, active)
  const chain = `eip155:${account.chainId}`
  if (currentEip155Chain(provider) !== chain) provider.setDefaultChain(chain)
  const adapter = eip155Adapter(provider, () => {
    if (kernel.providers.get(WALLET_CONNECT_ID) === adapter) kernel.providers.delete(WALLET_CONNECT_ID)
  })
  kernel.providers.set(WALLET_CONNECT_ID, adapter)
  const peerName = session.peer?.metadata?.name
  const connector: Connector = {
    ...walletConnectConnector,
    name: wallet?.name ?? (peerName || walletConnectConnector.name),
    ...(wallet?.image_url ? { imageUrl: wallet.image_url } : {}),
  }
  return startEip155Session(kernel, connector, adapter, account.address, Number(account.chainId))
}

/** SPEC §4 finalizing: deep link and recent wallet stored, CONNECT_SUCCESS with method and name. */
function finalize(
  kernel: Kernel,
  provider: WalletConnectProvider,
  session: Session,
  wallet?: WalletDirectoryEntry,
) {
  const supported = applySession(kernel, provider, session, wallet)
  const { wcLinking, recentWallet } = kernel.store.get().connection
  if (wcLinking) storeDeepLinkChoice(kernel.storage, wcLinking)
  if (recentWallet) storeRecentWallet(kernel.storage, recentWallet)
  kernel.store.update((draft) => {
    draft.connection.status = 'connected'
    draft.connection.buffering = false
    draft.connection.wcError = false
    delete draft.connection.wcAuthenticating
    delete draft.connection.wcUri
    delete draft.connection.wcPairingExpiry
  })
  kernel.bus.emit('CONNECT_SUCCESS', {
    method: wcLinking ? 'mobile' : 'qrcode',
    name: recentWallet?.name ?? 'Unknown',
    namespace: 'eip155',
  })
  return { supported }
}

function startAttempt(
  kernel: Kernel,
  runtime: Runtime,
  wallet?: WalletDirectoryEntry,
  fresh = false,
): Promise<ConnectResult> {
  let resolve!: (result: ConnectResult) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<ConnectResult>((res, rej) => {
    resolve = res
    reject = rej
  })
  promise.catch(() => undefined)
  const attempt: Attempt = { id: ++runtime.nextId, settled: false, promise, resolve, reject }
  if (wallet) attempt.wallet = wallet
  const previous = runtime.attempt
  runtime.attempt = attempt
  if (previous && settle(previous))
    previous.reject(new PairingSupersededError('A new pairing replaced this one'))

  kernel.store.update((draft) => {
    const connection = draft.connection
    connection.status = 'connecting'
    connection.buffering = true
    connection.wcError = false
    delete connection.wcAuthenticating
    delete connection.wcUri
    delete connection.wcPairingExpiry
    delete connection.wcLinking
    if (wallet) connection.recentWallet = wallet
    else delete connection.recentWallet
  })

  const { options } = kernel.store.get()
  const timeoutMs = options.walletConnectTimeoutMs ?? DEFAULT_WALLETCONNECT_TIMEOUT_MS
  // Until the relay hands out a pairing uri: our own deadline (the SDK alone waits ~75 s).
  const timer = setTimeout(() => failAttempt(kernel, runtime, attempt, relayError()), timeoutMs)
  void (async () => {
    let provider: WalletConnectProvider | undefined
    const onUri = (uri: string, expiry = pairingExpiry()) => {
      clearTimeout(timer)
      if (runtime.attempt !== attempt || attempt.settled) return
      kernel.store.update((draft) => {
        draft.connection.wcUri = uri
        draft.connection.wcPairingExpiry = expiry
        draft.connection.buffering = false
      })
    }
    try {
      // The pairing prepared when the Connect view opened, if it is still good: its uri is shown at once.
      const prepared = fresh ? undefined : await takePrepared(runtime, () => !mightSignIn(kernel))
      if (attempt.settled) return
      let session: Session | undefined
      if (prepared) {
        provider = prepared.provider
        onUri(prepared.uri, prepared.expiry)
        session = await prepared.session
      } else {
        provider = await getProvider(kernel, runtime)
        if (attempt.settled) return
        provider.on('display_uri', onUri)
        const requested = requestedNetworks(kernel)
        const namespaces = proposalNamespaces(requested, options.rpcMap)
        // SPEC §4: with sign-in on and every network eip155, one request connects and signs in.
        const auth = await authenticationFor(kernel, requested)
        if (attempt.settled) return
        session = auth
          ? await authenticateSession(kernel, provider, auth, namespaces, EIP155_METHODS)
          : await provider.connect({ optionalNamespaces: namespaces })
      }
      if (!session) throw new Error(MESSAGES.walletConnectConnectorNotFound)
      // A superseded pairing the wallet approved anyway still connects (the user did scan it).
      const result = finalize(kernel, provider, session, attempt.wallet)
      settle(attempt)
      attempt.resolve(result)
      const current = runtime.attempt
      if (current && current !== attempt && settle(current)) current.resolve(result)
    } catch (error) {
      if (!attempt.settled) kernel.log.warn('Portico: WalletConnect pairing failed', error)
      // The wallet approved a session the kernel refuses: end it there too.
      if ((error instanceof InvalidSessionError || error instanceof WalletConnectAuthError) && provider)
        void closeSession(provider)
      failAttempt(kernel, runtime, attempt, error)
    } finally {
      clearTimeout(timer)
      provider?.removeListener('display_uri', onUri)
    }
  })()
  return promise
}

/**
 * Starts (or joins) a WalletConnect pairing; resolves once a wallet approved the session and the
 * eip155 account is set. The pairing uri and its expiry are in `state.connection` meanwhile.
 */
export function connectWalletConnect(
  kernel: Kernel,
  options: WalletConnectOptions = {},
): Promise<ConnectResult> {
  const runtime = runtimeOf(kernel)
  if (!runtime) return Promise.reject(new Error(MESSAGES.walletConnectConnectorNotFound))
  const { connection } = kernel.store.get()
  const inFlight = runtime.attempt !== undefined && !runtime.attempt.settled
  const facts = {
    inFlight,
    ...(connection.wcUri ? { wcUri: connection.wcUri } : {}),
    ...(connection.wcPairingExpiry ? { wcPairingExpiry: connection.wcPairingExpiry } : {}),
    ...(connection.wcError ? { wcError: true } : {}),
    now: Date.now(),
  }
  const action = options.fresh
    ? 'new'
    : usesMobilePairingRules(runtime.platform())
      ? mobilePairingAction(facts)
      : desktopPairingAction(facts)
  if (action !== 'new' && inFlight && runtime.attempt) {
    const { wallet } = options
    if (wallet) {
      runtime.attempt.wallet = wallet
      kernel.store.update((draft) => {
        draft.connection.recentWallet = wallet
      })
    }
    return runtime.attempt.promise
  }
  return startAttempt(kernel, runtime, options.wallet, options.fresh === true)
}

/**
 * The Connect view shows WalletConnect: load the SDK, open the relay socket and create the pairing
 * now, so choosing WalletConnect only draws its QR code. Nothing when WalletConnect is not offered,
 * a pairing is in flight, or one is prepared and still good. Failures stay quiet here: the attempt
 * that follows, if any, starts afresh and reports its own.
 */
export function prepareWalletConnect(kernel: Kernel): void {
  const runtime = runtimeOf(kernel)
  if (!runtime || (runtime.attempt && !runtime.attempt.settled)) return
  if (kernel.store.get().connection.status !== 'disconnected') return
  // The QR library is needed as soon as the uri is shown.
  void import('qrcode-generator').catch(() => undefined)
  preparePairing(runtime, {
    provider: () => getProvider(kernel, runtime, true),
    plan: async (provider) => {
      const requested = requestedNetworks(kernel)
      // One-click sign-in pairs when chosen (its request is made for that attempt): nothing prepared.
      if (await offersAuthentication(kernel, requested)) return undefined
      const { rpcMap } = kernel.store.get().options
      return () => provider.connect({ optionalNamespaces: proposalNamespaces(requested, rpcMap) })
    },
  })
}

/** The user opened `wallet` through one of its links: remembered as wcLinking and recent wallet. */
export function setWalletConnectLinking(kernel: Kernel, wallet: WalletDirectoryEntry, href: string): void {
  kernel.store.update((draft) => {
    draft.connection.wcLinking = { name: wallet.name, href }
    draft.connection.recentWallet = wallet
  })
}

/** Auto-reconnect for the stored `walletConnect` connector: loads the SDK and resumes its session. */
export async function restoreWalletConnect(kernel: Kernel, namespace: ChainNamespace): Promise<boolean> {
  const runtime = runtimeOf(kernel)
  if (!runtime || namespace !== 'eip155') return false
  const provider = await getProvider(kernel, runtime)
  const session = provider.session
  if (!session?.namespaces.eip155 || session.expiry * 1000 <= Date.now()) return false
  try {
    applySession(kernel, provider, session)
  } catch (error) {
    if (!(error instanceof InvalidSessionError)) throw error
    kernel.log.error('Portico: WalletConnect session not restored', error.message)
    await closeSession(provider)
    return false
  }
  kernel.store.update((draft) => {
    draft.connection.status = 'connected'
  })
  return true
}
