/**
 * The dev defaults a production start must not run with, named one per line for the start-up check
 * (built elsewhere): the dev IdP's secrets and Apple key, a provider or relay on this machine or over plain http,
 * Apple without its signing key, Farcaster custody read from the relay instead of the chain.
 */
import type { SocialConfig } from './config.ts'
import { isDevAppleKey } from './devAppleKey.ts'
import { DEV_SEED, devClientSecret, PROTOCOL, type SocialProviderId } from './providers.ts'

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|\[::\])$/i

/** Why an address is not a production one, if it is not. */
function addressProblem(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (!URL.canParse(value)) return 'is not a URL'
  const url = new URL(value)
  if (LOOPBACK.test(url.hostname) || url.hostname.endsWith('.localhost'))
    return 'points at this machine (the local IdP?)'
  if (url.protocol !== 'https:') return 'is not https'
  return undefined
}

/** Every dev default still in `config` ([] when none): `devSeed` is the IdP's seed if not the default. */
export function socialProductionProblems(config: SocialConfig, devSeed = DEV_SEED): string[] {
  const problems: string[] = []
  for (const [key, entry] of Object.entries(config.providers)) {
    if (!entry) continue
    const id = key as SocialProviderId
    const seeds = new Set([DEV_SEED, devSeed])
    if (entry.clientSecret && [...seeds].some((seed) => entry.clientSecret === devClientSecret(id, seed)))
      problems.push(`${id}: the client secret is the local IdP's dev secret`)
    if (entry.clientId === id) problems.push(`${id}: the client id is the local IdP's dev client ("${id}")`)
    if (id === 'apple' && !entry.appleKey)
      problems.push('apple: no Apple key (team id, key id, .p8): Apple takes only a signed client-secret JWT')
    if (entry.appleKey && isDevAppleKey(entry.appleKey, seeds))
      problems.push(`${id}: the Apple key is the local IdP's dev Apple key (derived from the IdP's seed)`)
    const addresses =
      PROTOCOL[id] === 'oidc'
        ? {
            issuer: entry.issuer,
            authorizationEndpoint: entry.authorizationEndpoint,
            tokenEndpoint: entry.tokenEndpoint,
            jwksUri: entry.jwksUri,
          }
        : {
            authorizationEndpoint: entry.authorizationEndpoint,
            tokenEndpoint: entry.tokenEndpoint,
            userEndpoint: entry.userEndpoint,
            emailsEndpoint: entry.emailsEndpoint,
          }
    for (const [name, value] of Object.entries(addresses)) {
      const problem = addressProblem(value)
      if (problem) problems.push(`${id}: ${name} ${value} ${problem}`)
    }
  }
  if (config.farcaster) {
    const relay = addressProblem(config.farcaster.relayUrl)
    if (relay) problems.push(`farcaster: relayUrl ${config.farcaster.relayUrl} ${relay}`)
    if (!config.farcaster.rpcUrl)
      problems.push('farcaster: no Optimism RPC (rpcUrl): custody addresses would come from the relay')
    else {
      const rpc = addressProblem(config.farcaster.rpcUrl)
      if (rpc) problems.push(`farcaster: rpcUrl ${config.farcaster.rpcUrl} ${rpc}`)
    }
  }
  return problems
}
