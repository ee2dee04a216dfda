/**
 * A WalletConnect pairing prepared before it is chosen: when the Connect view opens, the SDK loads,
 * the relay socket opens and the session proposal is made, so that choosing WalletConnect only draws
 * the QR code of a uri that is already there. One at a time; taken once, by the first attempt.
 */

import { WalletConnectPairingError } from './errors.ts'
import { isPairingExpired, pairingExpiry } from './pairing.ts'
import type { WalletConnectProvider } from './provider.ts'

type Session = NonNullable<WalletConnectProvider['session']>

export interface PreparedPairing {
  provider: WalletConnectProvider
  uri: string
  /** behaviour §9: 4 minutes from when the uri was made. */
  expiry: number
  /** Settles when a wallet approves (or the proposal fails or expires). */
  session: Promise<Session | undefined>
}

export interface PreparedHolder {
  prepared?: Promise<PreparedPairing | undefined>
  /** The expiry of the prepared uri, once it is there. */
  preparedExpiry?: number
}

export interface PrepareSteps {
  provider: () => Promise<WalletConnectProvider>
  /** How to pair without sign-in; undefined when a pairing now would sign in (nothing is prepared). */
  plan: (provider: WalletConnectProvider) => Promise<(() => Promise<Session | undefined>) | undefined>
}

/** How long a preparation may take before it is given up (the attempt then pairs on its own). */
export const PREPARE_TIMEOUT_MS = 15_000

/** Starts preparing unless a pairing is being prepared or a prepared one is still good. */
export function preparePairing(holder: PreparedHolder, steps: PrepareSteps, now = Date.now): void {
  const expiry = holder.preparedExpiry
  if (holder.prepared && (expiry === undefined || !isPairingExpired(expiry, now()))) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const job = (async (): Promise<PreparedPairing | undefined> => {
    const provider = await steps.provider()
    const pair = await steps.plan(provider)
    if (!pair) return undefined
    let onUri: (uri: string) => void = () => undefined
    const uri = new Promise<string>((resolve) => {
      onUri = resolve
    })
    provider.on('display_uri', onUri)
    try {
      const session = pair()
      session.catch(() => undefined)
      const shown = await Promise.race([
        uri,
        session.then(() => {
          throw new WalletConnectPairingError('WALLETCONNECT_NO_PAIRING_URI', 'WalletConnect: no pairing uri')
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new WalletConnectPairingError(
                  'WALLETCONNECT_PAIRING_TIMEOUT',
                  'WalletConnect: pairing not prepared in time',
                ),
              ),
            PREPARE_TIMEOUT_MS,
          )
        }),
      ])
      return { provider, uri: shown, expiry: pairingExpiry(now()), session }
    } finally {
      clearTimeout(timer)
      provider.removeListener('display_uri', onUri)
    }
  })()
  const mine: Promise<PreparedPairing | undefined> = job.then(
    (ready) => {
      if (holder.prepared === mine) {
        if (ready) holder.preparedExpiry = ready.expiry
        else holder.prepared = undefined
      }
      return ready
    },
    () => {
      if (holder.prepared === mine) holder.prepared = undefined
      return undefined
    },
  )
  holder.prepared = mine
  delete holder.preparedExpiry
}

/**
 * The prepared pairing, taken (the next Connect view prepares another), when it is ready, unexpired
 * and still `usable()` (e.g. no plugin that signs in arrived meanwhile); else undefined.
 */
export async function takePrepared(
  holder: PreparedHolder,
  usable: () => boolean,
  now = Date.now,
): Promise<PreparedPairing | undefined> {
  const prepared = holder.prepared
  delete holder.prepared
  delete holder.preparedExpiry
  const ready = await prepared
  if (!ready || isPairingExpired(ready.expiry, now()) || !usable()) return undefined
  return ready
}
