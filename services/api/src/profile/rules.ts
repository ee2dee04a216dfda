/**
 * Account-name rules (behaviour §5, §9): a label of at least 4 letters, digits or hyphens followed by one
 * of the name suffixes; coin types from chain ids; the signed registration message. Pure functions:
 * each throws a NameRuleError whose message is the reason the API sends back.
 */
import { NAME_SUFFIXES } from '@portico/shared-types'
import * as v from 'valibot'

export class NameRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

/** The zones a name may end in, without the leading dot (`reown.id`, `wcn.id`). */
export const NAME_ZONES = NAME_SUFFIXES.map((suffix) => suffix.slice(1))
export const DEFAULT_ZONE = 'reown.id'
const LABEL_MIN = 4
/** A DNS label's length limit. */
const LABEL_MAX = 63
/** How old a signed registration message may be, and how far ahead of our clock. */
export const MESSAGE_MAX_AGE_SECONDS = 600
export const MESSAGE_MAX_FUTURE_SECONDS = 60
const COIN_TYPE_HIGH_BIT = 0x80000000

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s)

/**
 * The label rules on their own (lower-cased): ASCII letters, digits and hyphens only, so a Cyrillic
 * or full-width lookalike of a taken name is refused rather than registered beside it; no edge
 * hyphens and no `xn--` (an encoded unicode label in disguise).
 */
export function checkLabel(raw: string, field = 'name'): string {
  const label = raw.toLowerCase()
  if (!/^[a-z0-9-]*$/.test(label))
    throw new NameRuleError(
      field,
      `Invalid name "${clip(raw)}": only letters a-z, digits and hyphens are allowed`,
    )
  if (label.length < LABEL_MIN)
    throw new NameRuleError(field, `Invalid name "${raw}": at least ${LABEL_MIN} characters are needed`)
  if (label.length > LABEL_MAX)
    throw new NameRuleError(field, `Invalid name "${clip(raw)}": at most ${LABEL_MAX} characters`)
  if (label.startsWith('-') || label.endsWith('-'))
    throw new NameRuleError(field, `Invalid name "${raw}": it cannot start or end with a hyphen`)
  if (label.startsWith('xn--'))
    throw new NameRuleError(field, `Invalid name "${raw}": encoded (xn--) names are not accepted`)
  return label
}

export interface ParsedName {
  /** The whole name, lower-cased: `alice.reown.id`. */
  name: string
  label: string
  zone: string
}

/** A full name `<label>.<zone>` with a known zone, normalised to lower case. */
export function parseName(raw: string, field = 'name'): ParsedName {
  const lowered = raw.toLowerCase()
  const zone = NAME_ZONES.find((z) => lowered.endsWith(`.${z}`))
  if (!zone)
    throw new NameRuleError(
      field,
      `Invalid name "${clip(raw)}": it must end with ${NAME_SUFFIXES.join(' or ')}`,
    )
  const label = checkLabel(raw.slice(0, raw.length - zone.length - 1), field)
  return { name: `${label}.${zone}`, label, zone }
}

/** A zone query value (`reown.id`, also accepted with its leading dot); the default when absent. */
export function parseZone(raw: string | undefined): string {
  if (raw === undefined || raw === '') return DEFAULT_ZONE
  const zone = raw.toLowerCase().replace(/^\./, '')
  if (!NAME_ZONES.includes(zone))
    throw new NameRuleError('zone', `Unknown zone "${clip(raw)}": use ${NAME_ZONES.join(' or ')}`)
  return zone
}

/** behaviour §5: a chain id at or above 2^31 has no coin type; the coin type is the id with the high bit set. */
export function coinTypeOf(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || chainId >= COIN_TYPE_HIGH_BIT)
    throw new NameRuleError('coin_type', `Chain id ${chainId} has no coin type (it must be 1 to 2^31 - 1)`)
  return (chainId | COIN_TYPE_HIGH_BIT) >>> 0
}

/** The chain id of a coin type made by coinTypeOf; anything else is refused. */
export function chainIdOfCoinType(coinType: unknown): number {
  if (
    typeof coinType !== 'number' ||
    !Number.isSafeInteger(coinType) ||
    coinType <= COIN_TYPE_HIGH_BIT ||
    coinType > 0xffffffff
  )
    throw new NameRuleError(
      'coin_type',
      'coin_type must be the chain id with the high bit set (chainId | 0x80000000), for a chain id below 2^31',
    )
  return coinType - COIN_TYPE_HIGH_BIT
}

const MAX_ATTRIBUTES = 8
const AttributeKey = /^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/
const MAX_ATTRIBUTE_VALUE = 256
export const MAX_MESSAGE_CHARS = 2048

const MessageSchema = v.strictObject({
  statement: v.string(),
  name: v.string(),
  domain: v.string(),
  coin_type: v.number(),
  // Checked by hand (checkAttributes): valibot's record drops keys such as __proto__ silently.
  attributes: v.optional(v.unknown(), {}),
  timestamp: v.number(),
})
const MESSAGE_FIELDS = '{ statement, name, domain, coin_type, attributes, timestamp }'
/** Fields a message must carry to say what is signed, for which chain and on which site. */
const BINDING_FIELDS = ['statement', 'domain', 'coin_type'] as const

export interface RegistrationMessage {
  name: ParsedName
  attributes: Record<string, string>
  /** The https URL of `attributes.avatar`, when one was given. */
  avatar: string | null
  timestamp: number
  /** The site (host[:port]) the name was registered on, as the wallet signed it. */
  domain: string
}

/**
 * The sentence the wallet shows: what is signed, on which site and for which chain. The message's
 * `statement` must be exactly this (for its own `name`, `domain` and coin type).
 */
export function registrationStatement(name: string, domain: string, chainId: number): string {
  return `Register ${name} as your account name on ${domain} (chain eip155:${chainId})`
}

/** A site as `location.host` gives it: a lower-case host, with a port only when not the default. */
export function checkDomain(raw: string): string {
  let host: string | undefined
  try {
    const url = new URL(`https://${raw}`)
    host = url.pathname === '/' && !url.search && !url.hash && !url.username ? url.host : undefined
  } catch {
    host = undefined
  }
  if (raw.length > 255 || host !== raw)
    throw new NameRuleError(
      'message',
      `message domain "${clip(raw)}" must be the site's host[:port] in lower case (location.host)`,
    )
  return raw
}

function checkAttributes(raw: unknown): Record<string, string> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new NameRuleError('message', 'message attributes must be an object of strings')
  const entries = Object.entries(raw)
  if (entries.length > MAX_ATTRIBUTES)
    throw new NameRuleError('message', `attributes: at most ${MAX_ATTRIBUTES} entries`)
  const attributes: Record<string, string> = {}
  for (const [key, value] of entries) {
    if (!AttributeKey.test(key))
      throw new NameRuleError(
        'message',
        `attributes: key "${clip(key)}" must be 1-32 letters, digits, "_" or "-", starting with a letter`,
      )
    if (typeof value !== 'string')
      throw new NameRuleError('message', `attributes.${key} must be a string (no nested values)`)
    if (value.length > MAX_ATTRIBUTE_VALUE)
      throw new NameRuleError('message', `attributes.${key}: at most ${MAX_ATTRIBUTE_VALUE} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(value))
      throw new NameRuleError('message', `attributes.${key} must not contain control characters`)
    attributes[key] = value
  }
  return attributes
}

function avatarOf(attributes: Record<string, string>): string | null {
  const raw = attributes.avatar
  if (raw === undefined) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new NameRuleError('message', 'attributes.avatar must be an https URL')
  }
  if (url.protocol !== 'https:' || url.username || url.password)
    throw new NameRuleError('message', 'attributes.avatar must be an https URL')
  return url.href
}

/**
 * The signed message (behaviour §7): JSON of `{ statement, name, domain, coin_type, attributes, timestamp }`,
 * timestamp in unix seconds, at most MESSAGE_MAX_AGE_SECONDS old and MESSAGE_MAX_FUTURE_SECONDS ahead
 * of `now`. `coin_type` must be the request's (a signature for one chain never registers the name on
 * another) and `statement` registrationStatement of the message's name, domain and chain. Messages
 * of the older format (name, attributes, timestamp only) bind no chain and are refused.
 */
export function parseRegistrationMessage(
  message: string,
  now: number,
  coinType: number,
): RegistrationMessage {
  if (message.length > MAX_MESSAGE_CHARS)
    throw new NameRuleError('message', `message: at most ${MAX_MESSAGE_CHARS} characters`)
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    json = undefined
  }
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const missing = BINDING_FIELDS.filter((field) => !Object.hasOwn(json as object, field))
    if (missing.length > 0)
      throw new NameRuleError(
        'message',
        `The signed message must carry ${missing.join(', ')}: it says what is signed, on which site and for which chain. Update the client and sign again`,
      )
  }
  const result = v.safeParse(MessageSchema, json)
  if (!result.success)
    throw new NameRuleError(
      'message',
      `message must be JSON of exactly ${MESSAGE_FIELDS} (timestamp in unix seconds)`,
    )
  const { timestamp } = result.output
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new NameRuleError('message', 'message timestamp must be unix seconds')
  if (timestamp < now - MESSAGE_MAX_AGE_SECONDS)
    throw new NameRuleError(
      'message',
      `The message was signed more than ${MESSAGE_MAX_AGE_SECONDS} seconds ago: sign a fresh one`,
    )
  if (timestamp > now + MESSAGE_MAX_FUTURE_SECONDS)
    throw new NameRuleError(
      'message',
      'The message timestamp is in the future: check the clock and sign again',
    )
  if (result.output.coin_type !== coinType)
    throw new NameRuleError(
      'coin_type',
      `The message was signed for coin type ${result.output.coin_type}, not for coin_type ${coinType}`,
    )
  const name = parseName(result.output.name)
  const domain = checkDomain(result.output.domain)
  const expected = registrationStatement(result.output.name, domain, chainIdOfCoinType(coinType))
  if (result.output.statement !== expected)
    throw new NameRuleError('message', `message statement must be "${expected}"`)
  const attributes = checkAttributes(result.output.attributes)
  return {
    name,
    attributes,
    avatar: avatarOf(attributes),
    timestamp,
    domain,
  }
}
