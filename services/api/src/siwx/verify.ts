import type { Address, Hex } from 'viem'
import type { ChainHandle } from '../chain/clients.ts'
import type { SiwxNonceLedger } from '../db/siwxNoncesRepository.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { signedBy } from '../sessions/authorisation.ts'
import { originAllowed, type SiwxConfig } from './config.ts'
import { parseSiwxMessage, SiwxMessageError, type SiwxMessageFields } from './message.ts'
import type { NonceSigner } from './nonces.ts'
import { solanaSignedBy } from './solana.ts'
import { signSessionToken } from './token.ts'

export interface VerifyDeps {
  config: SiwxConfig
  nonces: NonceSigner
  /** Where uses are recorded (the database, so a nonce verifies once across API nodes). */
  used: SiwxNonceLedger
  chains: Map<number, ChainHandle>
  /** CAIP-2 ids accepted in messages (the served chains and the supported list). */
  supportedChains: Set<string>
  nowMs?: () => number
}

export interface SiwxSession {
  /** behaviour §3 sign-in session. */
  session: { data: SiwxMessageFields; message: string; signature: string }
  /** CAIP-10 account signed in. */
  caipAddress: string
  /** ISO date-times. */
  issuedAt: string
  expiresAt: string
  /** Bearer token for POST /v1/siwx/session (HMAC-signed, expires with the session). */
  token: string
}

const unauthorized = (message: string) => new ApiError(401, message)

function parseOrRefuse(message: string, maxBytes: number): SiwxMessageFields {
  if (Buffer.byteLength(message, 'utf8') > maxBytes)
    throw new ApiError(413, `message is longer than ${maxBytes} bytes`)
  try {
    return parseSiwxMessage(message)
  } catch (err) {
    if (err instanceof SiwxMessageError) throw badRequest(`Invalid sign-in message: ${err.message}`)
    throw err
  }
}

function checkOrigin(config: SiwxConfig, projectId: string, f: SiwxMessageFields): void {
  const uri = new URL(f.uri)
  if (!originAllowed(config, projectId, uri))
    throw new ApiError(403, `URI origin ${uri.origin} is not allowed for project "${projectId}"`)
  if (uri.host !== f.domain.toLowerCase())
    throw new ApiError(403, `domain ${f.domain} does not match the URI's host ${uri.host}`)
  if (f.scheme && `${f.scheme}:` !== uri.protocol)
    throw new ApiError(403, `scheme ${f.scheme} does not match the URI's scheme`)
}

function checkTimes(config: SiwxConfig, f: SiwxMessageFields, now: number): number {
  const skew = config.clockSkewSeconds * 1000
  const issuedAt = Date.parse(f.issuedAt)
  if (issuedAt > now + skew) throw unauthorized('Issued At is in the future')
  if (issuedAt < now - config.nonceTtlSeconds * 1000 - skew)
    throw unauthorized('Issued At is too old: sign a fresh message')
  if (f.notBefore !== undefined && Date.parse(f.notBefore) > now + skew)
    throw unauthorized('The message is not valid yet (Not Before)')
  const expires = f.expirationTime !== undefined ? Date.parse(f.expirationTime) : Number.POSITIVE_INFINITY
  if (expires <= now) throw unauthorized('The message has expired (Expiration Time)')
  return Math.min(expires, now + config.maxSessionSeconds * 1000)
}

const NONCE_REFUSALS = {
  unknown: 'Nonce unknown or already used: fetch a new one from /v1/siwx/nonce',
  expired: 'Nonce expired: fetch a new one from /v1/siwx/nonce',
  'other-project': 'Nonce was issued to another project',
} as const

/**
 * Uses the message's nonce up: one this service signed for the project and still live, recorded as
 * used (for `client`, the caller's IP key) unless it was already. A client holding
 * `config.maxNoncesPerIp` records of the project → 429 until some expire.
 */
async function useNonce(deps: VerifyDeps, projectId: string, nonce: string, client: string, now: number) {
  const checked = deps.nonces.check(nonce, projectId, now)
  if (!checked.ok) throw unauthorized(NONCE_REFUSALS[checked.reason])
  const { config } = deps
  const result = await deps.used.useSiwxNonce(
    {
      id: checked.id,
      projectId,
      client,
      // Past its expiry a nonce is refused unused or not; the skew covers nodes whose clocks lag.
      keepUntil: checked.expiresAt + config.clockSkewSeconds * 1000,
    },
    { maxPerClient: config.maxNoncesPerIp, now },
  )
  if (result === 'used') throw unauthorized(NONCE_REFUSALS.unknown)
  if (result === 'full')
    throw new ApiError(
      429,
      `Too many sign-in nonces used from this IP address for project "${projectId}": at most ${config.maxNoncesPerIp} in ${config.nonceTtlSeconds} s. Retry later`,
      { 'retry-after': String(config.nonceTtlSeconds) },
    )
}

/**
 * POST /v1/siwx/verify: the message is parsed (EIP-4361 / CAIP-122), its origin allow-listed for the
 * project, its chain supported, its times current; its nonce is then used up (so a message verifies
 * once, on whichever node) and its signature checked (viem: EOA, else ERC-1271/6492 on a served chain;
 * ed25519 for Solana). `client`: the caller's IP address key, for the bound on used-nonce records.
 */
export async function verifySiwx(
  deps: VerifyDeps,
  projectId: string,
  message: string,
  signature: string,
  client = '',
): Promise<SiwxSession> {
  const now = (deps.nowMs ?? Date.now)()
  const f = parseOrRefuse(message, deps.config.maxMessageBytes)
  checkOrigin(deps.config, projectId, f)
  const caipNetwork = `${f.namespace}:${f.chainId}`
  if (!deps.supportedChains.has(caipNetwork)) throw badRequest(`Chain ID ${caipNetwork} is not supported`)
  const expiresAt = checkTimes(deps.config, f, now)
  await useNonce(deps, projectId, f.nonce, client, now)
  const valid =
    f.namespace === 'eip155'
      ? /^0x([0-9a-fA-F]{2}){1,8192}$/.test(signature) &&
        (await signedBy(
          deps.chains,
          f.accountAddress as Address,
          Number(f.chainId),
          message,
          signature as Hex,
        ))
      : solanaSignedBy(f.accountAddress, message, signature)
  if (!valid) throw unauthorized(`Signature does not match ${f.accountAddress}`)
  const caipAddress = `${caipNetwork}:${f.accountAddress}`
  const iat = Math.floor(now / 1000)
  const exp = Math.floor(expiresAt / 1000)
  return {
    session: { data: f, message, signature },
    caipAddress,
    issuedAt: new Date(iat * 1000).toISOString(),
    expiresAt: new Date(exp * 1000).toISOString(),
    token: signSessionToken(deps.config.tokenSecret, { p: projectId, a: caipAddress, iat, exp }),
  }
}
