/**
 * WalletConnect connector (DESIGN §1 connectors/): pairing state machine, session → eip155 account,
 * restore on reload. Loaded through ./register.ts when a pairing starts or a stored session is
 * restored; it imports the SDK (./provider.ts) in turn. This file is the connector's public face;
 * the attempt (./attempt.ts), the SDK provider (./sdkProvider.ts) and the session (./session.ts)
 * each live in their own file.
 */
import { type ChainNamespace, MESSAGES, type WalletDirectoryEntry } from '@portico/shared-types'
import type { ConnectResult } from '../../account/connect.ts'
import type { Kernel } from '../../kernel.ts'
import { loadQrEncoder, qrPath } from '../../ui/primitives/qrMatrix.ts'
import { closeSession } from './adapter.ts'
import { startAttempt } from './attempt.ts'
import { offersAuthentication } from './authenticate.ts'
import { proposalNamespaces, requestedNetworks } from './namespaces.ts'
import { desktopPairingAction, mobilePairingAction } from './pairing.ts'
import { usesMobilePairingRules } from './platform.ts'
import { preparePairing } from './prepare.ts'
import { offerWalletConnect, WALLET_CONNECT_ID, walletConnectConnector } from './register.ts'
import { createRuntime, runtimeOf, type WalletConnectDependencies } from './runtime.ts'
import { getProvider } from './sdkProvider.ts'
import { applySession } from './session.ts'
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

/** Offers WalletConnect (./register.ts) with these dependencies; tests pass a fake SDK provider. */
export function registerWalletConnect(kernel: Kernel, dependencies: WalletConnectDependencies = {}): void {
  if (offerWalletConnect(kernel)) createRuntime(kernel, dependencies)
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
  // The QR encoder is needed as soon as the uri is shown.
  void loadQrEncoder().catch(() => undefined)
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
  // Draw the prepared uri's code now: choosing WalletConnect then shows it in the view's first frame.
  const prepared = runtime.prepared
  if (prepared && prepared !== already)
    void prepared.then((ready) => ready && qrPath(ready.uri)).catch(() => undefined)
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
