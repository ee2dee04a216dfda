/**
 * Discord's user API (discord.com/developers/docs, "Get Current User" with the identify and email
 * scopes): `id` (a snowflake string), `username`, `global_name`, `email` and `verified` — whether that
 * email was verified. An unverified email is dropped.
 */
import type { ProviderConfig } from '../config.ts'
import { fetchJson, record } from '../upstream.ts'
import { numericId, type ProviderIdentity } from './adapter.ts'

export async function discordProfile(accessToken: string, config: ProviderConfig): Promise<ProviderIdentity> {
  if (!config.userEndpoint) throw new Error('Discord without its user API')
  const user = record(await fetchJson(config.userEndpoint, accessToken))
  const subject = numericId(user?.id)
  if (!user || !subject) throw new Error('Discord user without an id')
  return {
    subject,
    ...(user.verified === true ? { email: user.email } : {}),
    userName: user.username,
    name: user.global_name,
  }
}
