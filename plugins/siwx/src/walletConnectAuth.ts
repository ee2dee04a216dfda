/**
 * One-click sign-in on WalletConnect (behaviour §4 universal-provider path): the kernel pairs with
 * `authenticate` using these CAIP-122 fields (a verifier nonce), and hands back the message the wallet
 * signed; the verifier checks it and the session is stored, so SIWXSignMessage does not open.
 */
import type {
  PluginContext,
  WalletConnectAuthContribution,
  WalletConnectAuthParams,
  WalletConnectSignedAuth,
} from '@portico/shared-types/plugin'
import { accountKey, storeSession } from './session.ts'
import { fetchNonce, verifySignIn } from './verifier.ts'

const DEFAULT_EXPIRY_SECONDS = 86_400

/** The sign-in fields for a pairing on `chains` (all eip155), or undefined when sign-in is off. */
export async function walletConnectAuthParams(
  ctx: PluginContext,
  { chains }: { chains: string[] },
): Promise<WalletConnectAuthParams | undefined> {
  if (ctx.config.features.siwx !== true) return undefined
  if (chains.length === 0 || !chains.every((chain) => chain.startsWith('eip155:'))) return undefined
  const siwx = ctx.config.siwx ?? {}
  const now = Date.now()
  const lifetime = siwx.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS
  return {
    domain: location.host,
    uri: `${location.origin}${location.pathname}`,
    nonce: await fetchNonce(ctx),
    statement: (siwx.statement ?? `Sign in to ${ctx.config.metadata?.name ?? location.host}`)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    exp: new Date(now + lifetime * 1000).toISOString(),
    nbf: new Date(now).toISOString(),
    requestId: crypto.randomUUID(),
    ...(siwx.resources?.length ? { resources: [...siwx.resources] } : {}),
  }
}

/** The verifier checks what the wallet signed; the session must be the signed account's. */
export async function verifyWalletConnectAuth(
  ctx: PluginContext,
  signed: WalletConnectSignedAuth,
): Promise<void> {
  const verified = await verifySignIn(ctx, signed.message, signed.signature)
  if (accountKey(verified.caipAddress) !== accountKey(signed.caipAddress) || !accountKey(signed.caipAddress))
    throw new Error('The verifier signed in another account')
  storeSession(ctx, verified)
  ctx.signIn?.setHasSession(true)
  ctx.events.emit('SIWX_AUTH_SUCCESS', {
    network: signed.caipAddress.split(':').slice(0, 2).join(':'),
    isSmartAccount: false,
  })
}

export const walletConnectAuth: WalletConnectAuthContribution = {
  id: 'siwx',
  params: walletConnectAuthParams,
  verify: verifyWalletConnectAuth,
}
