import { createPrivateKey } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { PROVIDER_DEFAULTS, type SocialConfig } from './config.ts'
import { devAppleKey } from './devAppleKey.ts'
import { devSocialConfig } from './devConfig.ts'
import { socialProductionProblems } from './production.ts'

const real: SocialConfig = {
  providers: {
    google: {
      ...PROVIDER_DEFAULTS.google,
      clientId: '123.apps.googleusercontent.com',
      clientSecret: 'GOCSPX-real',
    },
    apple: {
      ...PROVIDER_DEFAULTS.apple,
      clientId: 'com.example.web',
      appleKey: { teamId: 'T', keyId: 'K', privateKey: 'pem' },
    },
    github: { ...PROVIDER_DEFAULTS.github, clientId: 'Iv1.abc', clientSecret: 'real' },
    x: { ...PROVIDER_DEFAULTS.x, clientId: 'xid', clientSecret: 'real' },
  },
  farcaster: { relayUrl: 'https://relay.farcaster.xyz', rpcUrl: 'https://mainnet.optimism.io' },
}

describe('socialProductionProblems', () => {
  it('finds nothing in a configuration of real providers', () => {
    expect(socialProductionProblems(real)).toEqual([])
  })

  it('names every dev default of the dev stack’s configuration', () => {
    const problems = socialProductionProblems(devSocialConfig('http://127.0.0.1:4201'))
    for (const id of ['google', 'apple', 'facebook', 'github', 'discord', 'x']) {
      if (id !== 'apple') expect(problems).toContain(`${id}: the client secret is the local IdP's dev secret`)
      expect(problems.some((p) => p.startsWith(`${id}: `) && p.includes('points at this machine'))).toBe(true)
    }
    expect(problems).toContain(
      "apple: the Apple key is the local IdP's dev Apple key (derived from the IdP's seed)",
    )
    expect(problems.some((p) => p.startsWith('farcaster: relayUrl'))).toBe(true)
    expect(problems).toContain(
      'farcaster: no Optimism RPC (rpcUrl): custody addresses would come from the relay',
    )
  })

  it('names the dev secrets of another seed, plain http and localhost names', () => {
    const config = devSocialConfig('http://idp.internal:4201', 'team-seed')
    const problems = socialProductionProblems(config, 'team-seed')
    expect(problems).toContain("github: the client secret is the local IdP's dev secret")
    expect(problems).toContain(
      "apple: the Apple key is the local IdP's dev Apple key (derived from the IdP's seed)",
    )
    expect(problems).toContain(
      'github: tokenEndpoint http://idp.internal:4201/github/login/oauth/access_token is not https',
    )
    const google = {
      ...PROVIDER_DEFAULTS.google,
      clientId: 'g',
      clientSecret: 's',
      issuer: 'https://idp.localhost',
    }
    expect(socialProductionProblems({ providers: { google } })[0]).toMatch(/points at this machine/)
  })

  it("names the IdP's dev Apple key, of the default seed or the IdP's, however its PEM is written", () => {
    const withKey = (appleKey: ReturnType<typeof devAppleKey>): SocialConfig => ({
      providers: { apple: { ...PROVIDER_DEFAULTS.apple, clientId: 'com.example.web', appleKey } },
    })
    const problem = "apple: the Apple key is the local IdP's dev Apple key (derived from the IdP's seed)"
    expect(socialProductionProblems(withKey(devAppleKey()))).toEqual([problem])
    const sec1 = createPrivateKey(devAppleKey().privateKey).export({ type: 'sec1', format: 'pem' }).toString()
    const real = { teamId: 'TEAM123456', keyId: 'ABC123DEFG' }
    expect(socialProductionProblems(withKey({ ...real, privateKey: sec1 }))).toEqual([problem])
    expect(socialProductionProblems(withKey(devAppleKey('team-seed')), 'team-seed')).toEqual([problem])
    expect(socialProductionProblems(withKey(devAppleKey('team-seed')))).toEqual([])
  })
})
