import { SiweMessage } from 'siwe'
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage, type SiwxMessageFields } from './message.ts'

const full: SiwxMessageFields = {
  namespace: 'eip155',
  domain: 'app.example.com:8443',
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to Example (no transaction, no fee).',
  uri: 'https://app.example.com:8443/login?next=/home',
  version: '1',
  chainId: '31337',
  nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  issuedAt: '2026-11-23T18:00:00.000Z',
  expirationTime: '2026-11-30T18:00:00.000Z',
  notBefore: '2026-11-23T17:59:00.000Z',
  requestId: 'req-42',
  resources: [
    'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
    'https://example.com/tos',
  ],
}

/** The reference parser's reading of a message, as our field names. */
function reference(message: string): Record<string, unknown> {
  const m = new SiweMessage(message)
  return {
    domain: m.domain,
    accountAddress: m.address,
    statement: m.statement,
    uri: m.uri,
    version: m.version,
    chainId: String(m.chainId),
    nonce: m.nonce,
    issuedAt: m.issuedAt,
    expirationTime: m.expirationTime,
    notBefore: m.notBefore,
    requestId: m.requestId,
    resources: m.resources,
  }
}

const withoutNamespace = ({ namespace: _n, ...rest }: SiwxMessageFields) => rest

describe('EIP-4361 messages against the reference parser (siwe)', () => {
  it('formats every field so that siwe reads them back unchanged', () => {
    expect(reference(formatSiwxMessage(full))).toEqual(withoutNamespace(full))
  })

  it('formats a minimal message (no statement, no optional fields) that siwe reads', () => {
    const {
      statement: _s,
      expirationTime: _e,
      notBefore: _b,
      requestId: _r,
      resources: _x,
      ...minimal
    } = full
    const text = formatSiwxMessage(minimal)
    const ref = reference(text)
    expect(ref.statement).toBeUndefined()
    expect(ref.nonce).toBe(full.nonce)
    expect(parseSiwxMessage(text)).toEqual(minimal)
  })

  it('parses what siwe formats, with and without a statement', () => {
    for (const statement of [full.statement, undefined]) {
      const text = new SiweMessage({
        ...withoutNamespace(full),
        address: full.accountAddress,
        chainId: Number(full.chainId),
        statement,
      }).prepareMessage()
      const parsed = parseSiwxMessage(text)
      expect(parsed).toEqual({ ...full, ...(statement ? {} : { statement: undefined }) } as never)
      expect(formatSiwxMessage(parsed)).toBe(text)
    }
  })

  it('reads a scheme before the domain', () => {
    const text = formatSiwxMessage({ ...full, scheme: 'https' })
    expect(new SiweMessage(text).scheme).toBe('https')
    expect(parseSiwxMessage(text).scheme).toBe('https')
  })

  it('formats the CAIP-122 Solana header', () => {
    const text = formatSiwxMessage({
      ...full,
      namespace: 'solana',
      accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
    expect(text.split('\n')[0]).toBe('app.example.com:8443 wants you to sign in with your Solana account:')
    expect(parseSiwxMessage(text).namespace).toBe('solana')
  })
})

describe('parseSiwxMessage refuses what the ABNF does not allow', () => {
  const text = formatSiwxMessage(full)
  const cases: [string, string, RegExp][] = [
    ['CRLF lines', text.replaceAll('\n', '\r\n'), /LF only/],
    [
      'a lower-case (unchecksummed) address',
      text.replace(full.accountAddress, full.accountAddress.toLowerCase()),
      /EIP-55/,
    ],
    ['a wrong checksum', text.replace('0xf39F', '0xF39F'), /EIP-55/],
    ['a short nonce', text.replace(full.nonce, 'abc'), /Nonce/],
    ['a nonce with symbols', text.replace(full.nonce, 'abcd-efgh-ijkl'), /Nonce/],
    ['version 2', text.replace('Version: 1', 'Version: 2'), /Version/],
    ['chain id 0', text.replace('Chain ID: 31337', 'Chain ID: 0'), /Chain ID/],
    ['a date that is not RFC 3339', text.replace(full.issuedAt, 'yesterday'), /Issued At/],
    [
      'fields out of order',
      text.replace(
        `Nonce: ${full.nonce}\nIssued At: ${full.issuedAt}`,
        `Issued At: ${full.issuedAt}\nNonce: ${full.nonce}`,
      ),
      /Nonce/,
    ],
    ['text after the resources', `${text}\nInjected: yes`, /unexpected text/],
    ['a URI with a space', text.replace(full.uri, 'https://app.example.com/a b'), /URI/],
    [
      'a domain with a path',
      text.replace('app.example.com:8443 wants', 'app.example.com/x wants'),
      /begin with/,
    ],
    [
      'a domain with user info',
      text.replace('app.example.com:8443 wants', 'evil@app.example.com wants'),
      /authority/,
    ],
    ['an empty message', '', /begin with/],
    ['a missing URI', text.replace(/URI: .*\n/, ''), /URI/],
  ]
  for (const [name, input, error] of cases)
    it(`refuses ${name}`, () => {
      expect(() => parseSiwxMessage(input)).toThrow(error)
    })

  it('refuses more than 32 resources', () => {
    const resources = Array.from({ length: 33 }, (_, i) => `https://example.com/${i}`)
    expect(() => parseSiwxMessage(formatSiwxMessage({ ...full, resources }))).toThrow(/at most 32/)
  })
})
