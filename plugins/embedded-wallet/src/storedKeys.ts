/**
 * behaviour §3 browser-stored keys of the embedded wallet (in this plugin's storage): email-login-used flag,
 * email, social username, last email login time, smart-account enabled networks (comma list) and the
 * preferred account type. behaviour §4: a disconnect clears email-used, email and social username.
 */
import type { AccountType, AuthFrameUser } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'

export const KEYS = {
  emailLoginUsed: 'email_login_used',
  email: 'email',
  socialUsername: 'social_username',
  lastEmailLoginTime: 'last_email_login_time',
  smartAccountEnabledNetworks: 'smart_account_enabled_networks',
  preferredAccountType: 'preferred_account_type',
  /**
   * Where an earlier version kept the frame's session handle: removed on start and never written
   * again (the session now lives only in the frame's origin).
   */
  legacySessionToken: 'session_token',
} as const

const MAX_NETWORKS = 64

export function rememberUser(ctx: PluginContext, user: AuthFrameUser): void {
  if (user.email) ctx.storage.set(KEYS.email, user.email)
  if (user.userName) ctx.storage.set(KEYS.socialUsername, user.userName)
}

/** After an email login: the flag, the address and the time (behaviour §3). */
export function rememberEmailLogin(ctx: PluginContext, email: string, now = Date.now()): void {
  ctx.storage.set(KEYS.emailLoginUsed, true)
  ctx.storage.set(KEYS.email, email)
  ctx.storage.set(KEYS.lastEmailLoginTime, now)
}

export function storedEmail(ctx: PluginContext): string | undefined {
  const email = ctx.storage.get<unknown>(KEYS.email)
  return typeof email === 'string' ? email : undefined
}

export function storeSmartAccountNetworks(ctx: PluginContext, networks: unknown): number[] {
  const list = Array.isArray(networks)
    ? networks.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, MAX_NETWORKS)
    : []
  ctx.storage.set(KEYS.smartAccountEnabledNetworks, list.join(','))
  return list
}

export function storedSmartAccountNetworks(ctx: PluginContext): number[] {
  const value = ctx.storage.get<unknown>(KEYS.smartAccountEnabledNetworks)
  if (typeof value !== 'string' || value === '') return []
  return value
    .split(',')
    .slice(0, MAX_NETWORKS)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0)
}

export function storedPreferredType(ctx: PluginContext): AccountType | undefined {
  const value = ctx.storage.get<unknown>(KEYS.preferredAccountType)
  return value === 'eoa' || value === 'smartAccount' ? value : undefined
}

export function storePreferredType(ctx: PluginContext, type: AccountType): void {
  ctx.storage.set(KEYS.preferredAccountType, type)
}

/** behaviour §4 disconnect: email-used flag, email and social username go. */
export function forgetUser(ctx: PluginContext): void {
  ctx.storage.remove(KEYS.emailLoginUsed)
  ctx.storage.remove(KEYS.email)
  ctx.storage.remove(KEYS.socialUsername)
  ctx.storage.remove(KEYS.legacySessionToken)
}
