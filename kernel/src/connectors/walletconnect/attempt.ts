/**
 * One pairing attempt: the store says connecting, the pairing uri (prepared or new) is shown, and the
 * attempt settles when a wallet approves, the relay fails, or a newer attempt supersedes it.
 */
import { MESSAGES, type WalletDirectoryEntry } from '@portico/shared-types'
import type { Kernel } from '../../kernel.ts'
import { WalletError } from '../errors.ts'
import type { ConnectResult } from '../kind.ts'
import { closeSession } from './adapter.ts'
import { authenticateSession, authenticationFor, WalletConnectAuthError } from './authenticate.ts'
import { PairingSupersededError, relayError } from './errors.ts'
import { failAttempt, settle } from './failure.ts'
import { EIP155_METHODS, mightSignIn, proposalNamespaces, requestedNetworks } from './namespaces.ts'
import { pairingExpiry } from './pairing.ts'
import { takePrepared } from './prepare.ts'
import type { WalletConnectProvider } from './provider.ts'
import type { Attempt, Runtime } from './runtime.ts'
import { getProvider } from './sdkProvider.ts'
import { finalize, type Session } from './session.ts'
import { InvalidSessionError } from './sessionAccounts.ts'

export const DEFAULT_WALLETCONNECT_TIMEOUT_MS = 15_000

export function startAttempt(
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

  runtime.report.pairing.started(wallet)

  const { options } = kernel.store.get()
  const timeoutMs = options.walletConnectTimeoutMs ?? DEFAULT_WALLETCONNECT_TIMEOUT_MS
  // Until the relay hands out a pairing uri: our own deadline (the SDK alone waits ~75 s).
  const timer = setTimeout(() => failAttempt(runtime, attempt, relayError()), timeoutMs)
  void (async () => {
    let provider: WalletConnectProvider | undefined
    const onUri = (uri: string, expiry = pairingExpiry()) => {
      clearTimeout(timer)
      if (runtime.attempt !== attempt || attempt.settled) return
      runtime.report.pairing.uri(uri, expiry)
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
        // behaviour §4: with sign-in on and every network eip155, one request connects and signs in.
        const auth = await authenticationFor(kernel, requested)
        if (attempt.settled) return
        session = auth
          ? await authenticateSession(runtime.report.pairing, provider, auth, namespaces, EIP155_METHODS)
          : await provider.connect({ optionalNamespaces: namespaces })
      }
      if (!session) throw new WalletError('WALLET_UNAVAILABLE', MESSAGES.walletConnectConnectorNotFound)
      // A superseded pairing the wallet approved anyway still connects (the user did scan it).
      const result = finalize(kernel, runtime.report, provider, session, attempt.wallet)
      settle(attempt)
      attempt.resolve(result)
      const current = runtime.attempt
      if (current && current !== attempt && settle(current)) current.resolve(result)
    } catch (error) {
      if (!attempt.settled) kernel.log.warn('Portico: WalletConnect pairing failed', error)
      // The wallet approved a session the kernel refuses: end it there too.
      if ((error instanceof InvalidSessionError || error instanceof WalletConnectAuthError) && provider)
        void closeSession(provider)
      failAttempt(runtime, attempt, error)
    } finally {
      clearTimeout(timer)
      provider?.removeListener('display_uri', onUri)
    }
  })()
  return promise
}
