/**
 * A name as a send receiver: `alice.reown.id` is resolved through the API's
 * GET /v1/profile/account/{name}; the address is taken only from the answer for that exact name and
 * the active chain's coin type (behaviour §5), never from the name itself.
 */

import { MESSAGES, NAME_SUFFIXES, type Network, PorticoError } from '@portico/shared-types'
import type { NameProfile } from '@portico/shared-types/api'
import type { EvmHelpers, PluginContext } from '@portico/shared-types/plugin'
import { strings } from './strings.ts'

export interface ResolvedReceiver {
  /** The name as resolved, lower case: `alice.reown.id`. */
  name: string
  /** Checksummed, from the API's answer for `name` on the active chain's coin type. */
  address: `0x${string}`
  /** An https avatar URL from the name's attributes; absent → the address's generated avatar. */
  avatar?: string
}

/** A refusal with the message the form shows. */
export class ReceiverNameError extends PorticoError<'RECEIVER_NAME_REFUSED'> {
  override name = 'ReceiverNameError'

  constructor(message: string) {
    super('RECEIVER_NAME_REFUSED', message)
  }
}

const LABEL = /^[a-z0-9-]{4,63}$/
/** What an address attempt looks like (0x…, or 40 hex): never read as a name. */
const ADDRESS_LIKE = /^(0x|[\da-fA-F]{40}$)/i
const MAX_AVATAR_URL = 2048

/** Trimmed and lower-cased: names are case-insensitive. */
export const normaliseName = (input: string) => input.trim().toLowerCase()

/** behaviour §5/§9: a label of 4+ letters, digits or hyphens and one of the name suffixes. */
export function isReceiverName(input: string): boolean {
  const name = normaliseName(input)
  const suffix = NAME_SUFFIXES.find((s) => name.endsWith(s))
  return suffix !== undefined && LABEL.test(name.slice(0, -suffix.length))
}

/** Whether the field holds an attempt at a name (eip155 only) rather than an address. */
export const looksLikeName = (input: string, namespace: string) =>
  namespace === 'eip155' && input.trim() !== '' && !ADDRESS_LIKE.test(input.trim())

/** behaviour §5: the chain id with the high bit set; ids at or above 2^31 have none. */
export function coinTypeOf(chainId: number): number | undefined {
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || chainId >= 0x80000000) return undefined
  return (chainId | 0x80000000) >>> 0
}

/** An avatar the modal may load: https only, bounded. */
export function safeAvatar(profile: NameProfile): string | undefined {
  const attributes = Array.isArray(profile.attributes) ? profile.attributes : []
  for (const entry of attributes) {
    const raw = entry && typeof entry === 'object' ? entry.avatar : undefined
    if (typeof raw !== 'string' || raw.length > MAX_AVATAR_URL) continue
    try {
      const url = new URL(raw)
      if (url.protocol === 'https:') return url.href
    } catch {
      // Not a URL: the generated avatar stands in.
    }
  }
  return undefined
}

/**
 * The receiver behind `input` on `network`, or a ReceiverNameError whose message says why not: no API,
 * a malformed name, a chain without a coin type, an unregistered name, an answer for another name,
 * no (or no valid) address for this chain.
 */
export async function resolveReceiverName(
  ctx: PluginContext,
  evm: EvmHelpers,
  network: Network,
  input: string,
): Promise<ResolvedReceiver> {
  const name = normaliseName(input)
  if (!isReceiverName(name)) throw new ReceiverNameError(strings.invalidReceiverOrName)
  const api = ctx.services.api
  if (!api) throw new ReceiverNameError(strings.namesUnavailable)
  const coinType =
    network.chainNamespace === 'eip155' && typeof network.id === 'number' ? coinTypeOf(network.id) : undefined
  if (coinType === undefined) throw new ReceiverNameError(strings.nameNoAddress(name, network.name))
  let profile: NameProfile | undefined
  try {
    profile = await api.profileLookup(name)
  } catch (error) {
    ctx.log.warn('name lookup failed', error)
    throw new ReceiverNameError(MESSAGES.errorResolvingName)
  }
  if (!profile) throw new ReceiverNameError(strings.nameNotRegistered(name))
  // The answer must be about the name asked: never another one's address.
  if (typeof profile.name !== 'string' || normaliseName(profile.name) !== name) {
    ctx.log.warn('the name lookup answered for another name', String(profile.name).slice(0, 80))
    throw new ReceiverNameError(MESSAGES.errorResolvingName)
  }
  const entry =
    profile.addresses && typeof profile.addresses === 'object'
      ? (profile.addresses as Record<string, { address?: unknown } | undefined>)[String(coinType)]
      : undefined
  const raw = entry?.address
  if (typeof raw !== 'string' || !/^0x[\da-fA-F]{40}$/.test(raw) || !evm.isAddress(raw))
    throw new ReceiverNameError(strings.nameNoAddress(name, network.name))
  const avatar = safeAvatar(profile)
  return { name, address: evm.getAddress(raw) as `0x${string}`, ...(avatar ? { avatar } : {}) }
}
