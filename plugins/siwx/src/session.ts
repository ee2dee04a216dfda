/** The verified sign-in session, kept in plugin storage so a reload restores it (behaviour §3 sign-in session). */
import type { PluginContext } from '@portico/shared-types/plugin'
import type { VerifiedSession } from './verifier.ts'

export interface StoredSession {
  caipAddress: string
  expiresAt: string
  token: string
  message: string
  signature: string
  data: Record<string, unknown>
}

const KEY = 'session'
const MAX_TOKEN = 2048

function isStoredSession(value: unknown): value is StoredSession {
  const v = value as Partial<StoredSession> | null
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.caipAddress === 'string' &&
    typeof v.expiresAt === 'string' &&
    typeof v.token === 'string' &&
    v.token.length <= MAX_TOKEN &&
    typeof v.message === 'string' &&
    typeof v.signature === 'string'
  )
}

/** `eip155:<chain>:<address>` → `eip155:<address, lower case>`: a session holds across the namespace's chains. */
export const accountKey = (caipAddress: string) => {
  const parts = caipAddress.split(':')
  return parts.length === 3 ? `${parts[0]}:${(parts[2] ?? '').toLowerCase()}` : ''
}

/** The stored session when it is live and (given an account) belongs to it; an expired one is removed. */
export function storedSessionFor(
  ctx: PluginContext,
  caipAddress?: string,
  now = Date.now(),
): StoredSession | undefined {
  const stored = ctx.storage.get<unknown>(KEY)
  if (stored === undefined) return undefined
  if (!isStoredSession(stored) || !(Date.parse(stored.expiresAt) > now)) {
    ctx.storage.remove(KEY)
    return undefined
  }
  if (caipAddress !== undefined && accountKey(caipAddress) !== accountKey(stored.caipAddress))
    return undefined
  return stored
}

export function storeSession(ctx: PluginContext, verified: VerifiedSession): void {
  const session: StoredSession = {
    caipAddress: verified.caipAddress,
    expiresAt: verified.expiresAt,
    token: verified.token,
    message: verified.session.message,
    signature: verified.session.signature,
    data: verified.session.data,
  }
  ctx.storage.set(KEY, session)
}

export function clearSession(ctx: PluginContext): void {
  ctx.storage.remove(KEY)
}
