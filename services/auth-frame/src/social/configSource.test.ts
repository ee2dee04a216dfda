import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROVIDER_DEFAULTS } from './config.ts'
import { socialConfigFromEnv } from './configSource.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-social-'))
function file(content: unknown): string {
  const path = join(dir, `${Math.random()}.json`)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

describe('socialConfigFromEnv', () => {
  it('names no configuration when nothing is set (the caller keeps its default)', () => {
    expect(socialConfigFromEnv({})).toBeUndefined()
  })

  it('reads providers from the file, fills the documented defaults, and the environment wins', () => {
    const config = socialConfigFromEnv({
      PORTICO_SOCIAL_CONFIG: file({
        providers: {
          github: { clientId: 'gh-file', clientSecret: 'gh-secret', scopes: ['read:user'] },
          google: { clientId: 'g-id', clientSecret: 'g-secret' },
        },
        farcaster: { relayUrl: 'https://relay.farcaster.xyz', rpcUrl: 'https://mainnet.optimism.io' },
      }),
      PORTICO_SOCIAL_GITHUB_CLIENT_ID: 'gh-env',
      PORTICO_SOCIAL_DISCORD_CLIENT_ID: 'd-id',
      PORTICO_SOCIAL_DISCORD_CLIENT_SECRET: 'd-secret',
      PORTICO_SOCIAL_DISCORD_SCOPES: 'identify email',
    })
    expect(config?.providers.github).toEqual({
      ...PROVIDER_DEFAULTS.github,
      clientId: 'gh-env',
      clientSecret: 'gh-secret',
      scopes: ['read:user'],
    })
    expect(config?.providers.google?.issuer).toBe('https://accounts.google.com')
    expect(config?.providers.discord?.scopes).toEqual(['identify', 'email'])
    expect(config?.providers.x).toBeUndefined()
    expect(config?.farcaster?.rpcUrl).toBe('https://mainnet.optimism.io')
  })

  it('reads Apple’s key from a .p8 file', () => {
    const p8 = join(dir, 'AuthKey_ABC123.p8')
    writeFileSync(p8, '-----BEGIN PRIVATE KEY-----\nMIG…\n-----END PRIVATE KEY-----\n')
    const config = socialConfigFromEnv({
      PORTICO_SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
      PORTICO_SOCIAL_APPLE_TEAM_ID: 'TEAM123456',
      PORTICO_SOCIAL_APPLE_KEY_ID: 'ABC123',
      PORTICO_SOCIAL_APPLE_PRIVATE_KEY_FILE: p8,
    })
    expect(config?.providers.apple?.appleKey).toEqual({
      teamId: 'TEAM123456',
      keyId: 'ABC123',
      privateKey: expect.stringContaining('BEGIN PRIVATE KEY'),
    })
  })

  it.each([
    ['a provider without its secret', { PORTICO_SOCIAL_GITHUB_CLIENT_ID: 'x' }, /github: no client secret/],
    [
      'an endpoint that is not http(s)',
      {
        PORTICO_SOCIAL_X_CLIENT_ID: 'x',
        PORTICO_SOCIAL_X_CLIENT_SECRET: 's',
        PORTICO_SOCIAL_X_TOKEN_URL: 'javascript:alert(1)',
      },
      /x: tokenEndpoint is not an http\(s\) URL/,
    ],
    [
      'an unknown provider in the file',
      { PORTICO_SOCIAL_CONFIG: 'unknown' },
      /providers.myspace is not a provider/,
    ],
    ['a file that is not JSON', { PORTICO_SOCIAL_CONFIG: 'broken' }, /cannot read/],
    [
      'Apple with half a key',
      { PORTICO_SOCIAL_APPLE_CLIENT_ID: 'a', PORTICO_SOCIAL_APPLE_KEY_ID: 'k' },
      /teamId, keyId/,
    ],
  ])('refuses %s at start-up', (_name, env, message) => {
    const resolved = { ...env } as Record<string, string>
    if (resolved.PORTICO_SOCIAL_CONFIG === 'unknown')
      resolved.PORTICO_SOCIAL_CONFIG = file({ providers: { myspace: { clientId: 'm' } } })
    if (resolved.PORTICO_SOCIAL_CONFIG === 'broken') resolved.PORTICO_SOCIAL_CONFIG = file('{not json')
    expect(() => socialConfigFromEnv(resolved)).toThrow(message)
  })
})
