/**
 * WalletConnect one-click sign-in (behaviour §4 SIWX universal-provider path): when every requested network
 * is eip155 and a plugin contributes `walletConnectAuth`, the pairing is an `authenticate` request and
 * the wallet's cacao is read here and handed to the plugin to verify before the connection completes.
 * Part of the lazy WalletConnect connector chunk.
 */
import { ACCOUNT_FEATURES, type Network } from '@portico/shared-types'
import type {
  PluginContext,
  WalletConnectAuthContribution,
  WalletConnectAuthParams,
  WalletConnectSignedAuth,
} from '@portico/shared-types/plugin'
import { PorticoError } from '../../errors/base.ts'
import type { Kernel } from '../../kernel.ts'
import type { PairingReport } from '../kind.ts'
import type { WalletConnectProvider } from './provider.ts'

/** How long a pairing waits for plugins still loading (they load on open, beside the SDK). */
export const PLUGIN_WAIT_MS = 3_000
const MAX_RESOURCES = 32
const MAX_FIELD = 1024

/** The signed-in part failed (bad cacao, verifier refusal): the session is ended, the connection fails. */
export class WalletConnectAuthError extends PorticoError {
  override name = 'WalletConnectAuthError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('WALLETCONNECT_AUTH', message, options)
  }
}

export interface AuthPlan {
  hook: WalletConnectAuthContribution
  ctx: PluginContext
  params: WalletConnectAuthParams
  chains: string[]
}

const text = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD && !/[\r\n]/.test(value)

/** Only the known fields, each a bounded one-line string: a plugin's answer shapes a wallet request. */
export function cleanParams(raw: unknown): WalletConnectAuthParams | undefined {
  const p = (raw ?? {}) as Record<string, unknown>
  if (!text(p.domain) || !text(p.uri) || !text(p.nonce)) return undefined
  const params: WalletConnectAuthParams = { domain: p.domain, uri: p.uri, nonce: p.nonce }
  for (const key of ['statement', 'exp', 'nbf', 'requestId'] as const) {
    const value = p[key]
    if (text(value)) params[key] = value
  }
  if (Array.isArray(p.resources))
    params.resources = p.resources.filter(text).slice(0, MAX_RESOURCES) as string[]
  return params
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * With sign-in on (features.siwx) a pairing waits for plugins still loading, up to PLUGIN_WAIT_MS;
 * with it off only the plugins already loaded count, so the plain QR code waits for none. The account
 * features are not waited for (nor loaded): they load once an account connects.
 */
const signInPlugins = (kernel: Kernel): Promise<unknown> =>
  kernel.store.get().options.features.siwx
    ? Promise.race([kernel.plugins.ensureLoaded(undefined, ACCOUNT_FEATURES), delay(PLUGIN_WAIT_MS)])
    : Promise.resolve()

/**
 * Whether a pairing would sign in (every requested network eip155 and a plugin contributing
 * walletConnectAuth, waiting for plugins still loading as authenticationFor does), without asking the
 * plugin for its parameters (a nonce). Never throws.
 */
export async function offersAuthentication(kernel: Kernel, requested: readonly Network[]): Promise<boolean> {
  if (requested.length === 0 || requested.some((network) => network.chainNamespace !== 'eip155')) return false
  try {
    await signInPlugins(kernel)
    return kernel.plugins.contributions('walletConnectAuth').length > 0
  } catch {
    return false
  }
}

/** The one-click plan for this pairing, or undefined to pair without sign-in. Never throws. */
export async function authenticationFor(
  kernel: Kernel,
  requested: readonly Network[],
): Promise<AuthPlan | undefined> {
  if (requested.length === 0 || requested.some((network) => network.chainNamespace !== 'eip155')) return
  try {
    await signInPlugins(kernel)
    const hook = kernel.plugins.contributions('walletConnectAuth')[0]
    const ctx = hook && kernel.plugins.contextOf(hook.pluginId)
    if (!hook || !ctx || typeof hook.params !== 'function' || typeof hook.verify !== 'function') return
    const chains = requested.map((network) => network.caipNetworkId)
    const params = cleanParams(await hook.params(ctx, { chains }))
    return params && { hook, ctx, params, chains }
  } catch (error) {
    kernel.log.warn('Portico: one-click sign-in unavailable; pairing without it', error)
    return undefined
  }
}

interface Cacao {
  p?: { iss?: unknown; nonce?: unknown; domain?: unknown; aud?: unknown }
  s?: { t?: unknown; s?: unknown }
}

const ISS = /^did:pkh:(eip155:\d{1,20}:0x[0-9a-fA-F]{40})$/

/**
 * The signed message of the cacao whose issuer is one of the session's accounts and whose nonce,
 * domain and URI are the ones asked; undefined when the wallet answered with a plain session (it does
 * not support one-click sign-in). Anything else is a WalletConnectAuthError.
 */
export function signedAuthOf(
  auths: unknown,
  sessionAccounts: readonly string[],
  params: WalletConnectAuthParams,
  format: (cacao: { request: unknown; iss: string }) => string,
): WalletConnectSignedAuth | undefined {
  if (auths === undefined || (Array.isArray(auths) && auths.length === 0)) return undefined
  if (!Array.isArray(auths) || auths.length > MAX_RESOURCES)
    throw new WalletConnectAuthError('The wallet answered the sign-in with malformed data')
  const accounts = new Set(sessionAccounts.map((account) => account.toLowerCase()))
  for (const cacao of auths as Cacao[]) {
    const iss = typeof cacao?.p?.iss === 'string' ? cacao.p.iss : ''
    const caipAddress = ISS.exec(iss)?.[1]
    const signature = cacao?.s?.s
    if (!caipAddress || !accounts.has(caipAddress.toLowerCase())) continue
    const kind = cacao.s?.t
    if (kind !== 'eip191' && kind !== 'eip1271') continue
    if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{2}){1,8192}$/.test(signature)) continue
    if (cacao.p?.nonce !== params.nonce || cacao.p?.domain !== params.domain || cacao.p?.aud !== params.uri)
      throw new WalletConnectAuthError('The wallet signed a different sign-in request')
    return { caipAddress, message: format({ request: cacao.p, iss }), signature }
  }
  throw new WalletConnectAuthError('The wallet signed in no account of its session')
}

/**
 * The `authenticate` pairing: the wallet answers with a session and, when it supports one-click
 * sign-in, signed cacaos; the plugin verifies the signed message before the connection completes.
 * A wallet without it answers the fallback proposal: a plain session (sign-in then asks separately).
 */
export async function authenticateSession(
  pairing: PairingReport,
  provider: WalletConnectProvider,
  auth: AuthPlan,
  namespaces: object,
  methods: readonly string[],
): Promise<WalletConnectProvider['session']> {
  pairing.authenticating()
  const { session, auths } = await provider.authenticate({
    ...auth.params,
    chains: auth.chains,
    methods: [...methods],
    // Read by the provider (setNamespaces) for its rpcMap; the sign client ignores it.
    optionalNamespaces: namespaces,
  } as Parameters<WalletConnectProvider['authenticate']>[0])
  if (!session) return undefined
  const signed = signedAuthOf(auths, session.namespaces.eip155?.accounts ?? [], auth.params, (cacao) =>
    provider.client.formatAuthMessage(
      cacao as Parameters<WalletConnectProvider['client']['formatAuthMessage']>[0],
    ),
  )
  if (signed) {
    try {
      await auth.hook.verify(auth.ctx, signed)
    } catch (error) {
      throw new WalletConnectAuthError(error instanceof Error ? error.message : String(error), {
        cause: error,
      })
    }
  }
  return session
}
