/** Sign-In-With-Farcaster relay channels: create → pending → completed (bounded, expiring). */
import { randomUUID } from 'node:crypto'
import type { Hex } from 'viem'

export interface ChannelRequest {
  domain: string
  siweUri: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

export interface ChannelResult {
  message: string
  signature: Hex
  fid: number
  username: string
  displayName: string
  custody: string
}

export interface Channel extends ChannelRequest {
  token: string
  createdAt: number
  state: 'pending' | 'completed'
  result?: ChannelResult
}

const DOMAIN = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/
const NONCE = /^[A-Za-z0-9]{8,96}$/
const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,128}$/

function isoDate(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > 64 || Number.isNaN(Date.parse(value))) {
    throw new Error(`${name} must be an ISO 8601 date`)
  }
  return value
}

/** Validates a channel request from an untrusted body; throws with a clear message. */
export function parseChannelRequest(body: Record<string, string>): ChannelRequest {
  const { domain, siweUri, nonce, requestId } = body
  if (!domain || !DOMAIN.test(domain)) throw new Error('domain must be a host name (with an optional port)')
  let uri: URL
  try {
    uri = new URL(siweUri ?? '')
  } catch {
    throw new Error('siweUri must be an http(s) URL')
  }
  if (uri.protocol !== 'https:' && uri.protocol !== 'http:') throw new Error('siweUri must be an http(s) URL')
  if (!nonce || !NONCE.test(nonce)) throw new Error('nonce must be 8–96 letters or digits')
  if (requestId !== undefined && !REQUEST_ID.test(requestId)) throw new Error('requestId is invalid')
  const notBefore = isoDate(body.notBefore, 'notBefore')
  const expirationTime = isoDate(body.expirationTime, 'expirationTime')
  return {
    domain,
    siweUri: uri.href,
    nonce,
    ...(notBefore ? { notBefore } : {}),
    ...(expirationTime ? { expirationTime } : {}),
    ...(requestId ? { requestId } : {}),
  }
}

export class ChannelStore {
  private readonly channels = new Map<string, Channel>()
  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly max = 10_000,
    private readonly now = () => Date.now(),
  ) {}

  create(request: ChannelRequest): Channel {
    this.sweep()
    if (this.channels.size >= this.max) throw new Error('Too many open channels, try again later')
    const channel: Channel = { ...request, token: randomUUID(), createdAt: this.now(), state: 'pending' }
    this.channels.set(channel.token, channel)
    return channel
  }

  get(token: string | undefined): Channel | undefined {
    if (!token) return undefined
    const channel = this.channels.get(token)
    if (!channel) return undefined
    if (this.now() - channel.createdAt > this.ttlMs) {
      this.channels.delete(token)
      return undefined
    }
    return channel
  }

  complete(token: string, result: ChannelResult): Channel {
    const channel = this.get(token)
    if (!channel) throw new Error('Unknown or expired channel')
    if (channel.state === 'completed') throw new Error('The channel is already completed')
    channel.state = 'completed'
    channel.result = result
    return channel
  }

  get size(): number {
    return this.channels.size
  }

  private sweep(): void {
    const now = this.now()
    for (const [token, channel] of this.channels) {
      if (now - channel.createdAt > this.ttlMs) this.channels.delete(token)
    }
  }
}
