/**
 * The apple client authenticates like Sign in with Apple: its client_secret is an ES256 JWT from the
 * registered (dev) Apple key, checked on every token request (appleSecret.ts), never a shared
 * string. A refusal is Apple's documented answer, HTTP 400 {"error":"invalid_client"}, not
 * oidc-provider's 401 with a description.
 */
import { createPublicKey } from 'node:crypto'
import type Provider from 'oidc-provider'
import type { KoaContextWithOIDC } from 'oidc-provider'
import { appleSecretProblem } from './appleSecret.ts'
import type { DevAppleKey } from './devAppleKey.ts'

export const APPLE_CLIENT_ID = 'apple'

export interface AppleClientOptions {
  key: DevAppleKey
  now?: () => number
  /** Told why a secret was refused (the client only ever sees invalid_client). */
  onRefused?: (reason: string) => void
}

export function appleClientAuth(provider: Provider, options: AppleClientOptions): void {
  const check = {
    publicKey: createPublicKey(options.key.privateKey),
    keyId: options.key.keyId,
    teamId: options.key.teamId,
    clientId: APPLE_CLIENT_ID,
    ...(options.now ? { now: options.now } : {}),
  }
  // provider.Client is this provider's own class: the other clients keep the plain secret compare.
  const compare = provider.Client.prototype.compareClientSecret
  provider.Client.prototype.compareClientSecret = async function (actual: string) {
    if (this.clientId !== APPLE_CLIENT_ID) return compare.call(this, actual)
    const problem = await appleSecretProblem(actual, check)
    if (problem) options.onRefused?.(problem)
    return problem === undefined
  }
  provider.use(async (ctx, next) => {
    await next()
    const { oidc } = ctx as KoaContextWithOIDC
    const body = ctx.body as { error?: unknown } | undefined
    if (
      oidc?.route === 'token' &&
      oidc.client?.clientId === APPLE_CLIENT_ID &&
      body?.error === 'invalid_client'
    ) {
      ctx.status = 400
      ctx.body = { error: 'invalid_client' }
      ctx.remove('www-authenticate')
    }
  })
}
