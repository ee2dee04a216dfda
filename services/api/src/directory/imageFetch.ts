/**
 * Fetches one wallet icon a directory listing names by URL, so the API can serve it from its own
 * origin. A listing is someone else's file, so its URLs are not trusted: https only (plain http only
 * to loopback, and only when a test allows it), no credentials, public addresses only (checked on
 * the address each connection resolves to, redirects re-checked hop by hop), a time limit over the
 * whole fetch, and at most MAX_IMAGE_BYTES read, the read cut as soon as the body passes it. What
 * comes back is checked as an inline image is (walletImage.ts).
 */
import { isIP } from 'node:net'
import { Agent, type Dispatcher, errors } from 'undici'
import {
  AddressRefusedError,
  guardedLookup,
  isLoopbackAddress,
  isPublicAddress,
  type ResolveAll,
} from '../http/publicAddress.ts'
import { checkWalletImage, IMAGE_TYPES, MAX_IMAGE_BYTES, type WalletImage } from './walletImage.ts'

export interface ImageFetchOptions {
  /** The whole fetch of one image: connection, redirects and body. */
  timeoutMs: number
  maxRedirects: number
  /** Tests only: plain http and loopback addresses (a local test server). */
  allowLoopback: boolean
  /** Name resolution (tests put names on chosen addresses). */
  resolveAll?: ResolveAll
}

export const IMAGE_FETCH_DEFAULTS: ImageFetchOptions = {
  timeoutMs: 10_000,
  maxRedirects: 3,
  allowLoopback: false,
}

export type ImageFetchResult = WalletImage | { problem: string }

class Refused extends Error {}

const addressAllowed = (options: ImageFetchOptions) => (ip: string) =>
  isPublicAddress(ip) || (options.allowLoopback && isLoopbackAddress(ip))

/** The URL if it may be fetched; throws Refused saying why not. */
function checkUrl(raw: string, options: ImageFetchOptions): URL {
  if (!URL.canParse(raw)) throw new Refused('not a URL')
  const url = new URL(raw)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (url.username || url.password) throw new Refused('a URL with credentials')
  const local = options.allowLoopback && (isLoopbackAddress(host) || host === 'localhost')
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    throw new Refused(`not https (${url.protocol})`)
  // An address written in the URL is connected to without a lookup: checked here.
  if (isIP(host) !== 0 && !addressAllowed(options)(host))
    throw new Refused(`${host} is a private or local address`)
  return url
}

/** An undici agent whose every connection goes through the address check; close it after use. */
export function imageAgent(options: ImageFetchOptions): Agent {
  return new Agent({
    connect: {
      lookup: guardedLookup(addressAllowed(options), options.resolveAll),
      timeout: options.timeoutMs,
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  })
}

type Body = Dispatcher.ResponseData['body']

/** Drops a body unread: its connection closes rather than read what the server still sends. */
function discard(body: Body) {
  body.on('error', () => {})
  body.destroy()
}

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** Reads at most `max` bytes of the body, destroying it the moment it passes them. */
async function readCapped(body: Body, max: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > max) {
      discard(body)
      throw new Refused(`image larger than ${max} bytes`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, size)
}

function problemOf(error: unknown, options: ImageFetchOptions): string {
  if (error instanceof Refused) return error.message
  const cause = (error as { cause?: unknown })?.cause
  if (error instanceof AddressRefusedError || cause instanceof AddressRefusedError)
    return (error instanceof AddressRefusedError ? error : (cause as AddressRefusedError)).message
  if (
    (error instanceof DOMException && error.name === 'TimeoutError') ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  )
    return `timed out after ${options.timeoutMs} ms`
  const code = (error as { code?: unknown })?.code
  return `could not be fetched (${typeof code === 'string' ? code : ((error as Error)?.message ?? 'error')})`
}

/** The image at `url` (following at most maxRedirects redirects), or why it is refused. */
export async function fetchWalletImage(
  url: string,
  agent: Agent,
  options: ImageFetchOptions,
): Promise<ImageFetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  let current = url
  try {
    for (let redirects = 0; ; redirects++) {
      const target = checkUrl(current, options)
      const response = await agent.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        headers: { accept: IMAGE_TYPES.join(', ') },
        signal,
      })
      const location = headerOf(response.headers.location)
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        discard(response.body)
        if (redirects >= options.maxRedirects)
          throw new Refused(`more than ${options.maxRedirects} redirects`)
        if (!URL.canParse(location, target)) throw new Refused('a redirect to something that is not a URL')
        current = new URL(location, target).href
        continue
      }
      if (response.statusCode !== 200) {
        discard(response.body)
        throw new Refused(`HTTP ${response.statusCode}`)
      }
      const declared = Number(headerOf(response.headers['content-length']) ?? 0)
      if (declared > MAX_IMAGE_BYTES) {
        discard(response.body)
        throw new Refused(`image larger than ${MAX_IMAGE_BYTES} bytes`)
      }
      const body = await readCapped(response.body, MAX_IMAGE_BYTES)
      return checkWalletImage(headerOf(response.headers['content-type']) ?? '', body)
    }
  } catch (error) {
    const problem = problemOf(error, options)
    return { problem: current === url ? problem : `${problem} (redirected to ${current.slice(0, 200)})` }
  }
}
