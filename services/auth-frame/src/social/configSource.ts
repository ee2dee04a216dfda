/**
 * Reads the social configuration from a JSON file (PORTICO_SOCIAL_CONFIG) and the environment
 * (PORTICO_SOCIAL_<PROVIDER>_*, which wins over the file), filling each named provider's unset fields
 * with its documented production defaults. A provider appears when it has a client id.
 */
import { readFileSync } from 'node:fs'
import {
  type AppleKey,
  checkSocialConfig,
  type FarcasterConfig,
  PROVIDER_DEFAULTS,
  type ProviderConfig,
  type SocialConfig,
} from './config.ts'
import { SOCIAL_PROVIDERS, type SocialProviderId } from './providers.ts'

type Env = Record<string, string | undefined>

const FIELDS = {
  CLIENT_ID: 'clientId',
  CLIENT_SECRET: 'clientSecret',
  ISSUER: 'issuer',
  AUTHORIZATION_URL: 'authorizationEndpoint',
  TOKEN_URL: 'tokenEndpoint',
  USER_URL: 'userEndpoint',
  EMAILS_URL: 'emailsEndpoint',
  JWKS_URL: 'jwksUri',
} as const
const STRING_FIELDS = Object.values(FIELDS)

function fail(where: string, what: string): never {
  throw new Error(`Social login configuration: ${where} ${what}`)
}

function str(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length === 0) fail(where, 'must be a non-empty string')
  return value
}

/** `privateKey` (PEM text) or `privateKeyFile` (a .p8 path). */
function appleKeyOf(value: unknown, where: string): AppleKey | undefined {
  if (value === undefined) return undefined
  if (!value || typeof value !== 'object') fail(where, 'must be an object')
  const raw = value as Record<string, unknown>
  const file = str(raw.privateKeyFile, `${where}.privateKeyFile`)
  const privateKey = str(raw.privateKey, `${where}.privateKey`) ?? (file && readFileSync(file, 'utf8'))
  const teamId = str(raw.teamId, `${where}.teamId`)
  const keyId = str(raw.keyId, `${where}.keyId`)
  if (!privateKey || !teamId || !keyId) fail(where, 'needs teamId, keyId and privateKey(File)')
  return { teamId, keyId, privateKey }
}

function providerOf(id: SocialProviderId, raw: Record<string, unknown>): ProviderConfig | undefined {
  const where = `providers.${id}`
  const clientId = str(raw.clientId, `${where}.clientId`)
  if (!clientId) return undefined
  const entry: ProviderConfig = { ...PROVIDER_DEFAULTS[id], clientId }
  for (const field of STRING_FIELDS) {
    const value = str(raw[field], `${where}.${field}`)
    if (value !== undefined) entry[field] = value
  }
  if (raw.scopes !== undefined) {
    const scopes = typeof raw.scopes === 'string' ? raw.scopes.split(/\s+/).filter(Boolean) : raw.scopes
    if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string' && scope))
      fail(`${where}.scopes`, 'must be a list of scopes')
    entry.scopes = scopes
  }
  const appleKey = appleKeyOf(raw.appleKey, `${where}.appleKey`)
  if (appleKey) entry.appleKey = appleKey
  return entry
}

function farcasterOf(raw: unknown): FarcasterConfig | undefined {
  if (raw === undefined) return undefined
  if (!raw || typeof raw !== 'object') fail('farcaster', 'must be an object')
  const fields = raw as Record<string, unknown>
  const relayUrl = str(fields.relayUrl, 'farcaster.relayUrl')
  if (!relayUrl) fail('farcaster.relayUrl', 'is required')
  const rpcUrl = str(fields.rpcUrl, 'farcaster.rpcUrl')
  const idRegistry = str(fields.idRegistry, 'farcaster.idRegistry')
  return { relayUrl, ...(rpcUrl ? { rpcUrl } : {}), ...(idRegistry ? { idRegistry } : {}) }
}

/** The raw (file) fields of each provider, overlaid with PORTICO_SOCIAL_<ID>_* from the environment. */
function rawProviders(file: Record<string, unknown>, env: Env): Record<string, Record<string, unknown>> {
  const fromFile = (file.providers ?? {}) as Record<string, unknown>
  if (typeof fromFile !== 'object' || Array.isArray(fromFile)) fail('providers', 'must be an object')
  for (const id of Object.keys(fromFile))
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(id)) fail(`providers.${id}`, 'is not a provider')
  const out: Record<string, Record<string, unknown>> = {}
  for (const id of SOCIAL_PROVIDERS) {
    const entry = { ...((fromFile[id] as Record<string, unknown> | undefined) ?? {}) }
    const prefix = `PORTICO_SOCIAL_${id.toUpperCase()}_`
    for (const [suffix, field] of Object.entries(FIELDS)) {
      const value = env[prefix + suffix]
      if (value) entry[field] = value
    }
    if (env[`${prefix}SCOPES`]) entry.scopes = env[`${prefix}SCOPES`]
    if (id === 'apple' && env.PORTICO_SOCIAL_APPLE_KEY_ID) {
      entry.appleKey = {
        teamId: env.PORTICO_SOCIAL_APPLE_TEAM_ID,
        keyId: env.PORTICO_SOCIAL_APPLE_KEY_ID,
        ...(env.PORTICO_SOCIAL_APPLE_PRIVATE_KEY
          ? { privateKey: env.PORTICO_SOCIAL_APPLE_PRIVATE_KEY }
          : { privateKeyFile: env.PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE }),
      }
    }
    out[id] = entry
  }
  return out
}

/** The file's JSON object ({} without a file). */
function readConfigFile(path: string | undefined): Record<string, unknown> {
  if (!path) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`Social login configuration: cannot read ${path}: ${(error as Error).message}`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) fail(path, 'must hold a JSON object')
  return parsed as Record<string, unknown>
}

/**
 * The configuration named by the environment, or undefined when it names no provider and no relay
 * (then the caller keeps its default, e.g. the local IdP). Throws on any unusable entry.
 */
export function socialConfigFromEnv(env: Env = process.env): SocialConfig | undefined {
  const file = readConfigFile(env.PORTICO_SOCIAL_CONFIG)
  const providers: SocialConfig['providers'] = {}
  for (const [id, raw] of Object.entries(rawProviders(file, env))) {
    const entry = providerOf(id as SocialProviderId, raw)
    if (entry) providers[id as SocialProviderId] = entry
  }
  const farcasterRaw = (file.farcaster ?? {}) as Record<string, unknown>
  const farcaster = farcasterOf(
    env.PORTICO_FARCASTER_RELAY_URL || file.farcaster
      ? {
          ...farcasterRaw,
          ...(env.PORTICO_FARCASTER_RELAY_URL ? { relayUrl: env.PORTICO_FARCASTER_RELAY_URL } : {}),
          ...(env.PORTICO_FARCASTER_RPC_URL ? { rpcUrl: env.PORTICO_FARCASTER_RPC_URL } : {}),
          ...(env.PORTICO_FARCASTER_ID_REGISTRY ? { idRegistry: env.PORTICO_FARCASTER_ID_REGISTRY } : {}),
        }
      : undefined,
  )
  if (Object.keys(providers).length === 0 && !farcaster) return undefined
  return checkSocialConfig({ providers, ...(farcaster ? { farcaster } : {}) })
}
