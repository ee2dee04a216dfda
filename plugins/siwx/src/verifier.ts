/** The sign-in verifier's HTTP calls (services/api /v1/siwx, or the app's own `siwx.verifierUrl`). */
import { PorticoError } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'

export interface VerifiedSession {
  caipAddress: string
  issuedAt: string
  expiresAt: string
  token: string
  session: { data: Record<string, unknown>; message: string; signature: string }
}

/** The verifier is missing, refused (`status`: its HTTP status) or answered a malformed body. */
export class VerifierError extends PorticoError<'SIWX_VERIFIER_FAILED'> {
  override name = 'VerifierError'

  constructor(
    message: string,
    readonly status?: number,
  ) {
    super('SIWX_VERIFIER_FAILED', message)
  }
}

const TIMEOUT_MS = 15_000

/** The verifier's base URL: `siwx.verifierUrl`, else `<apiUrl>/v1/siwx`; only http(s). */
export function verifierBase(ctx: PluginContext): string | undefined {
  const { siwx, apiUrl } = ctx.config
  const raw = siwx?.verifierUrl ?? (apiUrl ? `${apiUrl.replace(/\/+$/, '')}/v1/siwx` : undefined)
  if (!raw) return undefined
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href.replace(/\/+$/, '') : undefined
  } catch {
    return undefined
  }
}

async function call<T>(ctx: PluginContext, path: string, body?: unknown): Promise<T> {
  const base = verifierBase(ctx)
  if (!base) throw new VerifierError('No sign-in verifier: set apiUrl or siwx.verifierUrl')
  const url = `${base}/${path}?projectId=${encodeURIComponent(ctx.config.projectId)}`
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined
  if (!res.ok || !json || typeof json !== 'object')
    throw new VerifierError(
      typeof json?.message === 'string' ? json.message : `HTTP ${res.status}`,
      res.status,
    )
  return json as T
}

export async function fetchNonce(ctx: PluginContext): Promise<string> {
  const { nonce } = await call<{ nonce?: unknown }>(ctx, 'nonce')
  if (typeof nonce !== 'string' || !/^[a-zA-Z0-9]{8,128}$/.test(nonce))
    throw new VerifierError('Malformed nonce')
  return nonce
}

export async function verifySignIn(
  ctx: PluginContext,
  message: string,
  signature: string,
): Promise<VerifiedSession> {
  const result = await call<Partial<VerifiedSession>>(ctx, 'verify', { message, signature })
  if (
    typeof result.token !== 'string' ||
    typeof result.caipAddress !== 'string' ||
    typeof result.expiresAt !== 'string' ||
    !Number.isFinite(Date.parse(result.expiresAt))
  )
    throw new VerifierError('Malformed verification response')
  return result as VerifiedSession
}

/** Whether the verifier still honours the token: false when it refuses it, undefined when unreachable. */
export async function sessionStillValid(ctx: PluginContext, token: string): Promise<boolean | undefined> {
  try {
    await call(ctx, 'session', { token })
    return true
  } catch (error) {
    return error instanceof VerifierError && error.status === 401 ? false : undefined
  }
}
