import { describe, expect, it } from 'vitest'
import { cleanParams, signedAuthOf, WalletConnectAuthError } from './authenticate.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PARAMS = { domain: 'app.example', uri: 'https://app.example/', nonce: 'abcdef123456' }
const SIGNATURE = `0x${'ab'.repeat(65)}`
const format = ({ iss }: { request: unknown; iss: string }) => `signed by ${iss}`

const cacao = (
  overrides: { iss?: string; nonce?: string; domain?: string; aud?: string; t?: string; s?: string } = {},
) => ({
  h: { t: 'caip122' },
  p: {
    iss: overrides.iss ?? `did:pkh:eip155:31337:${ADDRESS}`,
    nonce: overrides.nonce ?? PARAMS.nonce,
    domain: overrides.domain ?? PARAMS.domain,
    aud: overrides.aud ?? PARAMS.uri,
    version: '1',
    iat: '2026-11-23T20:00:00.000Z',
  },
  s: { t: overrides.t ?? 'eip191', s: overrides.s ?? SIGNATURE },
})

const session = [`eip155:31337:${ADDRESS}`]

describe('one-click sign-in: the params a plugin gives', () => {
  it('keeps the known fields as bounded one-line strings', () => {
    expect(
      cleanParams({
        ...PARAMS,
        statement: 'Sign in',
        exp: '2026-11-24T00:00:00Z',
        resources: ['https://app.example/terms', 42, 'a\nb'],
        chains: ['eip155:666'],
        extra: 'dropped',
      }),
    ).toEqual({
      ...PARAMS,
      statement: 'Sign in',
      exp: '2026-11-24T00:00:00Z',
      resources: ['https://app.example/terms'],
    })
  })

  it('no nonce, domain or URI (or a line break in one): no one-click sign-in', () => {
    expect(cleanParams({ domain: 'app.example', uri: 'https://app.example/' })).toBeUndefined()
    expect(cleanParams({ ...PARAMS, domain: 'app.example\nURI: https://evil.example' })).toBeUndefined()
    expect(cleanParams(null)).toBeUndefined()
  })
})

describe('one-click sign-in: the wallet’s cacao', () => {
  it('reads the signed message of the session’s account', () => {
    expect(signedAuthOf([cacao()], session, PARAMS, format)).toEqual({
      caipAddress: `eip155:31337:${ADDRESS}`,
      message: `signed by did:pkh:eip155:31337:${ADDRESS}`,
      signature: SIGNATURE,
    })
  })

  it('a plain session (the wallet fell back to a proposal) has none', () => {
    expect(signedAuthOf(undefined, session, PARAMS, format)).toBeUndefined()
    expect(signedAuthOf([], session, PARAMS, format)).toBeUndefined()
  })

  it('refuses a cacao for another account, another request, or a malformed signature', () => {
    expect(() =>
      signedAuthOf([cacao({ iss: `did:pkh:eip155:31337:${OTHER}` })], session, PARAMS, format),
    ).toThrow(WalletConnectAuthError)
    expect(() => signedAuthOf([cacao({ nonce: 'zzzzzzzz1234' })], session, PARAMS, format)).toThrow(
      'The wallet signed a different sign-in request',
    )
    expect(() => signedAuthOf([cacao({ domain: 'evil.example' })], session, PARAMS, format)).toThrow(
      'different sign-in request',
    )
    expect(() => signedAuthOf([cacao({ s: '0x1234z' })], session, PARAMS, format)).toThrow(
      'The wallet signed in no account of its session',
    )
    expect(() => signedAuthOf([cacao({ t: 'none' })], session, PARAMS, format)).toThrow(
      WalletConnectAuthError,
    )
    expect(() => signedAuthOf({ length: 1 }, session, PARAMS, format)).toThrow('malformed data')
    expect(() => signedAuthOf([null, 'x'], session, PARAMS, format)).toThrow(WalletConnectAuthError)
  })
})
