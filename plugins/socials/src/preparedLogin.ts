/**
 * A provider's sign-in address, asked of the frame while the pointer rests on its button, so the press
 * opens the popup straight at the provider: no blank window, no frame round trip after the click.
 *
 * Each address carries a login the frame's server keeps (OAuth state, nonce, PKCE verifier) for 10
 * minutes and at most 5 per frame, the oldest dropped first; an address is used once. So one is used only
 * while it is younger than PREPARED_FOR_MS and among the KEPT newest; anything else asks again after the
 * click, as before. Nothing here widens what the page sees: the page navigated the popup to this same
 * address before, after the click.
 */
import type { PluginContext } from '@portico/shared-types/plugin'
import { type OAuthProvider, requestLoginUrl } from './social.ts'

/** Well inside the server's 10 minutes. */
export const PREPARED_FOR_MS = 5 * 60_000
/** Well inside the server's 5 logins per frame. */
export const KEPT = 2

interface Prepared {
  provider: OAuthProvider
  at: number
  uri?: string
}

const preparedBy = new WeakMap<PluginContext, Prepared[]>()

const fresh = (entry: Prepared, now: number) => now - entry.at < PREPARED_FOR_MS

/** Intent on a provider's button: its address is asked now, once, unless a fresh one is kept. */
export function prepareLogin(ctx: PluginContext, provider: OAuthProvider, now = Date.now()): void {
  const kept = (preparedBy.get(ctx) ?? []).filter((entry) => fresh(entry, now))
  if (kept.some((entry) => entry.provider === provider)) return
  const entry: Prepared = { provider, at: now }
  preparedBy.set(ctx, [...kept, entry].slice(-KEPT))
  requestLoginUrl(ctx, provider).then(
    (uri) => {
      entry.uri = uri
    },
    () =>
      preparedBy.set(
        ctx,
        (preparedBy.get(ctx) ?? []).filter((other) => other !== entry),
      ),
  )
}

/** The press: a fresh, ready address for `provider`, taken (one use); else undefined. */
export function takePreparedLogin(
  ctx: PluginContext,
  provider: OAuthProvider,
  now = Date.now(),
): string | undefined {
  const kept = preparedBy.get(ctx) ?? []
  const entry = kept.find((candidate) => candidate.provider === provider)
  if (!entry?.uri || !fresh(entry, now)) return undefined
  preparedBy.set(
    ctx,
    kept.filter((other) => other !== entry),
  )
  return entry.uri
}
