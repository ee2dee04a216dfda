/**
 * Sign In With Farcaster: GET_FARCASTER_URI opens a channel on the relay (our nonce, the frame's
 * domain) and returns its URI for the QR code; CONNECT_FARCASTER waits for the relay to report the
 * signed message, then checks it here: the SIWF message's domain, URI, nonce, chain, lifetime and fid
 * resource, the signature recovering to its address, and that address being the fid's custody address
 * in the ID registry. Nothing the relay says is trusted without that check.
 */
import { getAddress, type Hex, isAddressEqual, isHex, recoverMessageAddress } from 'viem'
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { FrameError } from '../errors.ts'
import type { SocialContext, SocialIdentity } from '../socialSeam.ts'
import { ownerOf, PendingStore } from './pending.ts'

export const FARCASTER_ERRORS = {
  unavailable: 'Farcaster sign-in is not reachable, try again',
  noLogin: 'No Farcaster sign-in in progress: get a new QR code',
  expired: 'The Farcaster sign-in expired: get a new QR code',
  unverified: 'The Farcaster sign-in could not be verified',
} as const

export interface FarcasterLoginOptions {
  /** The relay's base URL (the local one is the IdP's /farcaster routes). */
  relayUrl: string
  /** How long a QR code stays valid (default 5 minutes, the relay's channel lifetime). */
  ttlMs?: number
  /** How often CONNECT_FARCASTER asks the relay (default 500 ms). */
  pollMs?: number
  /**
   * The fid's custody address from the IdRegistry on chain (farcasterCustody.ts). Without it the
   * relay's /v1/fid/:fid answers: only the local relay has that route (dev).
   */
  custodyOf?: (fid: number) => Promise<Hex>
  now?: () => number
}

interface PendingChannel {
  owner: string
  createdAt: number
  channelToken: string
  nonce: string
  domain: string
  siweUri: string
}

const MAX_RESPONSE = 16 * 1024

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const body = await response.text()
  if (body.length > MAX_RESPONSE) throw new Error('relay answer too large')
  const parsed: unknown = JSON.parse(body)
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('relay answer is not an object')
  return parsed as Record<string, unknown>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createFarcasterLogin(options: FarcasterLoginOptions) {
  const relay = new URL(options.relayUrl)
  const now = () => options.now?.() ?? Date.now()
  const ttlMs = options.ttlMs ?? 5 * 60_000
  const pending = new PendingStore<PendingChannel>({
    ttlMs,
    perOwner: 1,
    ...(options.now ? { now: options.now } : {}),
  })
  const waiting = new Map<string, Promise<SocialIdentity>>()
  const relayFetch = async (path: string, init?: RequestInit) => {
    try {
      return await fetch(new URL(path, relay), { ...init, signal: AbortSignal.timeout(30_000) })
    } catch {
      throw new FrameError(FARCASTER_ERRORS.unavailable)
    }
  }

  /** Checks a completed channel's answer; returns the verified identity or throws. */
  async function verify(channel: PendingChannel, answer: Record<string, unknown>): Promise<SocialIdentity> {
    const { message, signature, fid } = answer
    if (
      typeof message !== 'string' ||
      message.length > 4096 ||
      typeof signature !== 'string' ||
      !isHex(signature)
    ) {
      throw new FrameError(FARCASTER_ERRORS.unverified)
    }
    if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0)
      throw new FrameError(FARCASTER_ERRORS.unverified)
    const parsed = parseSiweMessage(message)
    const valid =
      parsed.address !== undefined &&
      validateSiweMessage({
        message: parsed,
        domain: channel.domain,
        nonce: channel.nonce,
        time: new Date(now()),
      }) &&
      parsed.uri === channel.siweUri &&
      parsed.chainId === 10 &&
      parsed.statement === 'Farcaster Auth' &&
      parsed.resources?.length === 1 &&
      parsed.resources[0] === `farcaster://fid/${fid}`
    if (!valid || !parsed.address) throw new FrameError(FARCASTER_ERRORS.unverified)
    let signer: Hex
    try {
      signer = await recoverMessageAddress({ message, signature: signature as Hex })
    } catch {
      throw new FrameError(FARCASTER_ERRORS.unverified)
    }
    if (!isAddressEqual(signer, parsed.address)) throw new FrameError(FARCASTER_ERRORS.unverified)
    // The custody address of the fid comes from the ID registry, not from the relay's answer.
    let custody: Hex
    let username: unknown = answer.username
    try {
      if (options.custodyOf) custody = getAddress(await options.custodyOf(fid))
      else {
        const registry = await relayFetch(`farcaster/v1/fid/${fid}`)
        if (!registry.ok) throw new Error(`registry answered ${registry.status}`)
        const record = await readJson(registry)
        custody = getAddress(String(record.custody))
        username = record.username
      }
    } catch {
      throw new FrameError(FARCASTER_ERRORS.unverified)
    }
    if (!isAddressEqual(custody, parsed.address)) throw new FrameError(FARCASTER_ERRORS.unverified)
    const userName =
      typeof username === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(username) ? username : undefined
    return { provider: 'farcaster', subject: String(fid), ...(userName ? { userName } : {}) }
  }

  return {
    pending,

    async farcasterUri(ctx: SocialContext): Promise<{ url: string }> {
      const frame = new URL(ctx.frameOrigin)
      const nonce = generateSiweNonce()
      const siweUri = `${frame.origin}/`
      const response = await relayFetch('farcaster/v1/channel', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          domain: frame.host,
          siweUri,
          nonce,
          expirationTime: new Date(now() + ttlMs).toISOString(),
        }),
      })
      let answer: Record<string, unknown>
      try {
        answer = await readJson(response)
      } catch {
        throw new FrameError(FARCASTER_ERRORS.unavailable)
      }
      const { channelToken, url } = answer
      if (
        response.status !== 201 ||
        typeof channelToken !== 'string' ||
        !/^[0-9a-f-]{36}$/i.test(channelToken) ||
        typeof url !== 'string'
      ) {
        throw new FrameError(FARCASTER_ERRORS.unavailable)
      }
      let qr: URL
      try {
        qr = new URL(url)
      } catch {
        throw new FrameError(FARCASTER_ERRORS.unavailable)
      }
      if (qr.protocol !== 'https:' && qr.protocol !== 'http:')
        throw new FrameError(FARCASTER_ERRORS.unavailable)
      try {
        pending.add(channelToken, {
          owner: ownerOf(ctx),
          createdAt: now(),
          channelToken,
          nonce,
          domain: frame.host,
          siweUri,
        })
      } catch (error) {
        throw new FrameError((error as Error).message)
      }
      return { url: qr.href }
    },

    /** Waits for the frame's channel; a second call while one waits shares it (one poll loop per channel). */
    connectFarcaster(ctx: SocialContext, signal?: AbortSignal): Promise<SocialIdentity> {
      const owner = ownerOf(ctx)
      const started = pending.ownedBy(owner)
      if (!started) return Promise.reject(new FrameError(FARCASTER_ERRORS.noLogin))
      const running = waiting.get(started.channelToken)
      if (running) return running
      const result = waitFor(started, owner, signal).finally(() => waiting.delete(started.channelToken))
      waiting.set(started.channelToken, result)
      return result
    },
  }

  async function waitFor(
    started: PendingChannel,
    owner: string,
    signal?: AbortSignal,
  ): Promise<SocialIdentity> {
    while (!signal?.aborted) {
      if (!pending.peek(started.channelToken, owner)) throw new FrameError(FARCASTER_ERRORS.expired)
      const response = await relayFetch('farcaster/v1/channel/status', {
        headers: { authorization: `Bearer ${started.channelToken}` },
      })
      if (response.status === 200) {
        let answer: Record<string, unknown>
        try {
          answer = await readJson(response)
        } catch {
          throw new FrameError(FARCASTER_ERRORS.unverified)
        }
        // One answer per channel: verified or not, the channel is spent.
        pending.take(started.channelToken, owner)
        return verify(started, answer)
      }
      await response.body?.cancel()
      if (response.status !== 202) throw new FrameError(FARCASTER_ERRORS.expired)
      await sleep(options.pollMs ?? 500)
    }
    throw new FrameError('Request was aborted')
  }
}
