/**
 * X's user API (docs.x.com, GET /2/users/me with users.read): `{ data: { id, name, username } }`.
 * X gives no email on this path, so an X identity never carries one.
 */
import type { ProviderConfig } from '../config.ts'
import { fetchJson, record } from '../upstream.ts'
import { numericId, type ProviderIdentity } from './adapter.ts'

export async function xProfile(accessToken: string, config: ProviderConfig): Promise<ProviderIdentity> {
  if (!config.userEndpoint) throw new Error('X without its user API')
  const user = record(record(await fetchJson(config.userEndpoint, accessToken))?.data)
  const subject = numericId(user?.id)
  if (!user || !subject) throw new Error('X user without an id')
  return { subject, userName: user.username, name: user.name }
}
