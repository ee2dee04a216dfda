import type { SmartSession } from '@portico/shared-types/api'
import type { PluginContext } from '@portico/shared-types/plugin'

export type SessionStatus = 'active' | 'expired' | 'revoked'

/** Revoked wins; else expired once `expiry` (unix seconds) has passed; no expiry never expires. */
export function statusOf(session: SmartSession, nowSeconds: number): SessionStatus {
  if (session.revokedAt !== null) return 'revoked'
  if (session.expiry !== null && session.expiry <= nowSeconds) return 'expired'
  return 'active'
}

/** Newest first, at most `limit` (the API bounds live sessions; this bounds what is rendered). */
export const orderSessions = (sessions: readonly SmartSession[], limit = 100): SmartSession[] =>
  [...sessions].sort((a, b) => b.createdAt - a.createdAt).slice(0, limit)

/** A short id for labels: the pci's first 8 characters. */
export const shortId = (pci: string) => pci.slice(0, 8)

const utf8Hex = (text: string): `0x${string}` => {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}

/** The connected eip155 account as CAIP-10 (the API checks contract-account signatures on its chain). */
export function sessionAccount(ctx: PluginContext): { caip: string; address: string } | undefined {
  const account = ctx.account.get('eip155')
  const network = ctx.chains.activeNetwork('eip155')
  if (account?.status !== 'connected' || !account.address || !network) return undefined
  return { caip: `eip155:${network.id}:${account.address}`, address: account.address }
}

export async function loadSessions(ctx: PluginContext): Promise<SmartSession[]> {
  const api = ctx.services.api
  const account = sessionAccount(ctx)
  if (!api || !account) return []
  return orderSessions((await api.getSessions(account.caip)).pcis)
}

/**
 * Revokes `pci`: the account signs the pci (personal_sign, through the kernel's gated provider), as
 * services/api POST /v1/sessions/{address}/revoke checks. Returns the revocation time (unix seconds).
 */
export async function revokeSession(ctx: PluginContext, pci: string): Promise<number> {
  const api = ctx.services.api
  const account = sessionAccount(ctx)
  const provider = ctx.account.provider('eip155')
  if (!api || !account || !provider) throw new Error('No connected Ethereum account')
  const signature = await provider.request({
    method: 'personal_sign',
    params: [utf8Hex(pci), account.address],
  })
  if (typeof signature !== 'string') throw new Error('The wallet returned no signature')
  return (await api.revokeSession(account.caip, { pci, signature })).revokedAt
}
