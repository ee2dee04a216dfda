/**
 * The lazy body of the WalletConnect kind (docs/architecture.md, Repository map: connectors/): pairing state machine, session →
 * eip155 account, restore on reload. Loaded through ./kind.ts when a pairing starts or a stored
 * session is restored; it imports the SDK (./provider.ts) in turn. This file is the connector's public face;
 * the attempt (./attempt.ts), the SDK provider (./sdkProvider.ts) and the session (./session.ts)
 * each live in their own file.
 */
import { MESSAGES, type WalletDirectoryEntry } from '@portico/shared-types'
import { connectEip155 } from '../eip155Wallet.ts'
import { WalletError } from '../errors.ts'
import type { ConnectorBody, ConnectorContext, ConnectResult, SessionFacts, SessionReport } from '../kind.ts'
import { closeSession } from './adapter.ts'
import { startAttempt } from './attempt.ts'
import { offersAuthentication } from './authenticate.ts'
import { offerWalletConnect, WALLET_CONNECT_ID, walletConnectConnector } from './connector.ts'
import { proposalNamespaces, requestedNetworks } from './namespaces.ts'
import { desktopPairingAction, mobilePairingAction } from './pairing.ts'
import { usesMobilePairingRules } from './platform.ts'
import { preparePairing } from './prepare.ts'
import { createRuntime, runtimeOf, type WalletConnectDependencies } from './runtime.ts'
import { getProvider } from './sdkProvider.ts'
import { sessionFacts } from './session.ts'
import { InvalidSessionError } from './sessionAccounts.ts'

export { DEFAULT_WALLETCONNECT_TIMEOUT_MS } from './attempt.ts'
export { PairingSupersededError, WalletConnectRelayError } from './errors.ts'
export { EIP155_EVENTS, EIP155_METHODS, proposalNamespaces } from './namespaces.ts'
export type { WalletConnectDependencies } from './runtime.ts'
export { WALLET_CONNECT_ID, walletConnectConnector }

export interface WalletConnectOptions {
  /** The directory entry the user chose, if any (name shown, deep links, recent wallet). */
  wallet?: WalletDirectoryEntry
  /** Start a new pairing whatever the behaviour §4 rules say (Try again, or the shown pairing expired). */
  fresh?: boolean
}

/** Offers WalletConnect with these dependencies; tests pass a fake SDK provider. */
export function registerWalletConnect(
  context: ConnectorContext,
  dependencies: WalletConnectDependencies = {},
): void {
  if (offerWalletConnect(context.kernel)) createRuntime(context, dependencies)
}

/**
 * Starts (or joins) a WalletConnect pairing; resolves once a wallet approved the session and the
 * eip155 account is set. The pairing uri and its expiry are in `state.connection` meanwhile.
 */
export function connectWalletConnect(
  context: ConnectorContext,
  options: WalletConnectOptions = {},
): Promise<ConnectResult> {
  const { kernel } = context
  const runtime = runtimeOf(context)
  if (!runtime)
    return Promise.reject(new WalletError('WALLET_UNAVAILABLE', MESSAGES.walletConnectConnectorNotFound))
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
      runtime.report.pairing.chose(wallet)
    }
    return runtime.attempt.promise
  }
  return startAttempt(kernel, runtime, options.wallet, options.fresh === true)
}

/**
 * The Connect view shows WalletConnect: load the SDK, open the relay socket and create the pairing
 * now, so choosing WalletConnect only draws its QR code. Nothing when WalletConnect is not offered,
 * a pairing is in flight, or one is prepared and still good. Failures stay quiet here: the attempt
 * that follows, if any, starts afresh and reports its own. Returns the uri of a pairing it started
 * preparing (undefined once it is given up), so its code can be drawn ahead.
 */
export function prepareWalletConnect(context: ConnectorContext): Promise<string | undefined> | undefined {
  const { kernel } = context
  const runtime = runtimeOf(context)
  if (!runtime || (runtime.attempt && !runtime.attempt.settled)) return undefined
  if (kernel.store.get().connection.status !== 'disconnected') return undefined
  const already = runtime.prepared
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
  const prepared = runtime.prepared
  return prepared && prepared !== already ? prepared.then((ready) => ready?.uri) : Promise.resolve(undefined)
}

/** The user opened `wallet` through one of its links: remembered as wcLinking and recent wallet. */
export function setWalletConnectLinking(
  { report }: ConnectorContext,
  wallet: WalletDirectoryEntry,
  href: string,
): void {
  report.pairing.linking(wallet, href)
}

/** Auto-reconnect for the stored `walletConnect` connector: loads the SDK and resumes its session. */
async function restoreWalletConnect(context: ConnectorContext): Promise<SessionFacts | undefined> {
  const { kernel } = context
  const runtime = runtimeOf(context)
  if (!runtime) return undefined
  const provider = await getProvider(kernel, runtime)
  const session = provider.session
  if (!session?.namespaces.eip155 || session.expiry * 1000 <= Date.now()) return undefined
  try {
    const facts = sessionFacts(kernel, provider, session)
    // The connection reads connected once the eip155 session is there.
    return {
      ...facts,
      watch: (report: SessionReport) => {
        report.pairing.resumed()
        return facts.watch?.(report) ?? (() => undefined)
      },
    }
  } catch (error) {
    if (!(error instanceof InvalidSessionError)) throw error
    kernel.log.error('Portico: WalletConnect session not restored', error.message)
    await closeSession(provider)
    return undefined
  }
}

export const walletConnectBody: ConnectorBody = {
  // Pairings start through connectWalletConnect (the view shows the uri); a live session's adapter
  // answers eth_requestAccounts like any EIP-1193 wallet.
  async connect({ kernel }, connector) {
    const provider = kernel.providers.get(connector.id)
    if (!provider) throw new WalletError('WALLET_UNAVAILABLE', MESSAGES.walletConnectConnectorNotFound)
    return connectEip155(kernel, connector, provider)
  },
  restore: (context, _connectorId, namespace) =>
    namespace === 'eip155' ? restoreWalletConnect(context) : Promise.resolve(undefined),
}
