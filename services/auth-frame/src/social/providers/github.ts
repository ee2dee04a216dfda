/**
 * GitHub's user API (docs.github.com REST "users" and "emails"): GET /user names the account (`id`,
 * `login`, `name`); its `email` field is the public one and says nothing of verification, so the email
 * comes from GET /user/emails: the entry that is both `primary` and `verified`, or none.
 */
import type { ProviderConfig } from '../config.ts'
import { fetchJson, record } from '../upstream.ts'
import { numericId, type ProviderIdentity } from './adapter.ts'

/** GitHub refuses API calls without a User-Agent; the version header pins the documented shapes. */
const HEADERS = {
  accept: 'application/vnd.github+json',
  'user-agent': 'Portico-auth-frame',
  'x-github-api-version': '2022-11-28',
}

/** The primary verified address of a GET /user/emails answer, if any. */
export function primaryVerifiedEmail(answer: unknown): unknown {
  if (!Array.isArray(answer)) return undefined
  const entry = answer.map(record).find((item) => item?.primary === true && item.verified === true)
  return entry?.email
}

export async function githubProfile(accessToken: string, config: ProviderConfig): Promise<ProviderIdentity> {
  if (!config.userEndpoint || !config.emailsEndpoint) throw new Error('GitHub without its user API')
  const user = record(await fetchJson(config.userEndpoint, accessToken, HEADERS))
  const subject = numericId(user?.id)
  if (!user || !subject) throw new Error('GitHub user without an id')
  const email = primaryVerifiedEmail(await fetchJson(config.emailsEndpoint, accessToken, HEADERS))
  return { subject, email, userName: user.login, name: user.name }
}
