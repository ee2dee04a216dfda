/**
 * Sign-in messages: EIP-4361 (Ethereum) and its CAIP-122 form for Solana, parsed strictly line by line
 * (the ABNF's order, LF only, nothing after the last field). Checked against the reference parser
 * (`siwe`) in message.test.ts.
 */
import { getAddress, isAddress } from 'viem'

export type SiwxNamespace = 'eip155' | 'solana'

/** behaviour §3 sign-in session message fields. */
export interface SiwxMessageFields {
  namespace: SiwxNamespace
  scheme?: string
  domain: string
  /** EIP-55 checksummed for eip155, base58 for solana. */
  accountAddress: string
  statement?: string
  uri: string
  version: '1'
  /** The chain reference: a decimal number for eip155, the genesis-hash prefix for solana. */
  chainId: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

export const MAX_RESOURCES = 32

const ACCOUNT_WORD: Record<SiwxNamespace, string> = { eip155: 'Ethereum', solana: 'Solana' }
const HEADER =
  /^(?:([a-zA-Z][a-zA-Z0-9+.-]{0,31}):\/\/)?([^\s/?#]{1,253}) wants you to sign in with your (Ethereum|Solana) account:$/
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/
const NONCE = /^[a-zA-Z0-9]{8,128}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const SOLANA_REF = /^[-_a-zA-Z0-9]{1,32}$/
// RFC 3986 reserved and unreserved characters plus `%`: no spaces or control characters.
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/
const REQUEST_ID = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%]{1,200}$/

export class SiwxMessageError extends Error {}

const fail = (message: string): never => {
  throw new SiwxMessageError(message)
}

/** An RFC 3339 date-time, e.g. 2026-11-23T18:00:00.000Z. */
export function isDateTime(value: string): boolean {
  return RFC3339.test(value) && Number.isFinite(Date.parse(value))
}

function checkUri(value: string, what: string): string {
  if (value.length > 1024 || !URI_CHARS.test(value)) fail(`${what} must be an RFC 3986 URI`)
  try {
    new URL(value)
  } catch {
    fail(`${what} must be an RFC 3986 URI`)
  }
  return value
}

/** The authority of the header: host[:port], no user info. */
function checkDomain(domain: string): string {
  let url: URL
  try {
    url = new URL(`https://${domain}`)
  } catch {
    return fail('domain must be an RFC 3986 authority (host[:port])')
  }
  const port = url.port ? `:${url.port}` : domain.endsWith(':443') ? ':443' : ''
  if (`${url.hostname}${port}`.toLowerCase() !== domain.toLowerCase() || url.username)
    fail('domain must be an RFC 3986 authority (host[:port])')
  return domain
}

function checkAddress(namespace: SiwxNamespace, address: string): string {
  if (namespace === 'solana')
    return BASE58.test(address) ? address : fail('address must be a base58 public key')
  if (!isAddress(address, { strict: false }) || !address.startsWith('0x'))
    fail('address must be 0x followed by 40 hex characters')
  if (getAddress(address) !== address) fail('address must be EIP-55 checksummed')
  return address
}

function checkChainId(namespace: SiwxNamespace, value: string): string {
  if (namespace === 'solana')
    return SOLANA_REF.test(value) ? value : fail('Chain ID must be a CAIP-2 reference')
  if (!/^[1-9]\d{0,15}$/.test(value) || !Number.isSafeInteger(Number(value)))
    fail('Chain ID must be a positive integer')
  return value
}

/** Reads `Tag: value` at lines[i] when present, else undefined (the tag is optional). */
function tagged(lines: string[], i: number, tag: string): string | undefined {
  const line = lines[i]
  if (line === undefined || !line.startsWith(`${tag}: `)) return undefined
  return line.slice(tag.length + 2)
}

/** Parses a sign-in message; throws SiwxMessageError with what is wrong. */
export function parseSiwxMessage(message: string): SiwxMessageFields {
  if (message.includes('\r')) fail('message lines must end with LF only')
  const lines = message.split('\n')
  const header = HEADER.exec(lines[0] ?? '')
  if (!header) fail('message must begin with "<domain> wants you to sign in with your Ethereum account:"')
  const [, scheme, rawDomain = '', word] = header as RegExpExecArray
  const namespace: SiwxNamespace = word === 'Solana' ? 'solana' : 'eip155'
  const domain = checkDomain(rawDomain)
  const accountAddress = checkAddress(namespace, lines[1] ?? '')
  if (lines[2] !== '') fail('an empty line must follow the address')
  let i = 3
  let statement: string | undefined
  if (lines[3] !== '') {
    statement = lines[3] ?? ''
    if (statement.length === 0 || statement.length > 1024)
      fail('statement must be 1–1024 characters on one line')
    if (lines[4] !== '') fail('an empty line must follow the statement')
    i = 5
  } else i = 4
  const need = (tag: string): string => {
    const value = tagged(lines, i, tag)
    if (value === undefined) return fail(`"${tag}: " expected on line ${i + 1}`)
    i += 1
    return value
  }
  const maybe = (tag: string): string | undefined => {
    const value = tagged(lines, i, tag)
    if (value !== undefined) i += 1
    return value
  }
  const uri = checkUri(need('URI'), 'URI')
  if (need('Version') !== '1') fail('Version must be 1')
  const chainId = checkChainId(namespace, need('Chain ID'))
  const nonce = need('Nonce')
  if (!NONCE.test(nonce)) fail('Nonce must be 8–128 letters or digits')
  const issuedAt = need('Issued At')
  const expirationTime = maybe('Expiration Time')
  const notBefore = maybe('Not Before')
  const requestId = maybe('Request ID')
  for (const [what, value] of [
    ['Issued At', issuedAt],
    ['Expiration Time', expirationTime],
    ['Not Before', notBefore],
  ] as const)
    if (value !== undefined && !isDateTime(value)) fail(`${what} must be an RFC 3339 date-time`)
  if (requestId !== undefined && !REQUEST_ID.test(requestId)) fail('Request ID must be 1–200 URI characters')
  let resources: string[] | undefined
  if (lines[i] === 'Resources:') {
    i += 1
    resources = []
    while (i < lines.length && lines[i]?.startsWith('- ')) {
      if (resources.length >= MAX_RESOURCES) fail(`at most ${MAX_RESOURCES} resources`)
      resources.push(checkUri((lines[i] ?? '').slice(2), 'a resource'))
      i += 1
    }
  }
  if (i !== lines.length) fail(`unexpected text on line ${i + 1}`)
  return {
    namespace,
    ...(scheme ? { scheme } : {}),
    domain,
    accountAddress,
    ...(statement !== undefined ? { statement } : {}),
    uri,
    version: '1',
    chainId,
    nonce,
    issuedAt,
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources ? { resources } : {}),
  }
}

/** The text of a sign-in message (the inverse of parseSiwxMessage). */
export function formatSiwxMessage(f: SiwxMessageFields): string {
  const origin = f.scheme ? `${f.scheme}://${f.domain}` : f.domain
  const lines = [
    `${origin} wants you to sign in with your ${ACCOUNT_WORD[f.namespace]} account:`,
    f.accountAddress,
    '',
  ]
  if (f.statement !== undefined) lines.push(f.statement, '')
  else lines.push('')
  lines.push(`URI: ${f.uri}`, `Version: ${f.version}`, `Chain ID: ${f.chainId}`, `Nonce: ${f.nonce}`)
  lines.push(`Issued At: ${f.issuedAt}`)
  if (f.expirationTime) lines.push(`Expiration Time: ${f.expirationTime}`)
  if (f.notBefore) lines.push(`Not Before: ${f.notBefore}`)
  if (f.requestId) lines.push(`Request ID: ${f.requestId}`)
  if (f.resources) lines.push('Resources:', ...f.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}
