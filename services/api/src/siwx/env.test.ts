import { describe, expect, it } from 'vitest'
import { resolveSiwxConfig } from './config.ts'
import { siwxConfigFromEnv } from './env.ts'

describe('sign-in settings from the environment', () => {
  it('reads per-project origins, the default, the token secret, lifetimes and extra chains', () => {
    const secret = 'ab'.repeat(32)
    const input = siwxConfigFromEnv({
      PORTICO_SIWX_ORIGINS: 'shop=https://shop.example,https://www.shop.example; blog=http://localhost:3000',
      PORTICO_SIWX_DEFAULT_ORIGINS: 'none',
      PORTICO_SIWX_TOKEN_SECRET: secret,
      PORTICO_SIWX_NONCE_TTL_S: '120',
      PORTICO_SIWX_MAX_SESSION_S: '3600',
      PORTICO_SIWX_EXTRA_CHAINS: 'solana:PorticoDevnet1111111111111111111',
    })
    expect(input).toEqual({
      origins: {
        shop: ['https://shop.example', 'https://www.shop.example'],
        blog: ['http://localhost:3000'],
      },
      defaultOrigins: [],
      tokenSecret: secret,
      nonceTtlSeconds: 120,
      maxSessionSeconds: 3600,
      extraChains: ['solana:PorticoDevnet1111111111111111111'],
    })
    expect(resolveSiwxConfig(input).tokenSecret).toBe(secret)
    expect(siwxConfigFromEnv({})).toEqual({})
  })

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => siwxConfigFromEnv({ PORTICO_SIWX_ORIGINS: 'https://shop.example' })).toThrow(
      /PORTICO_SIWX_ORIGINS/,
    )
    expect(() => siwxConfigFromEnv({ PORTICO_SIWX_ORIGINS: 'shop=https://shop.example/path' })).toThrow(
      /bare http/,
    )
    expect(() => siwxConfigFromEnv({ PORTICO_SIWX_DEFAULT_ORIGINS: 'javascript:alert(1)' })).toThrow(
      /bare http/,
    )
    expect(() => siwxConfigFromEnv({ PORTICO_SIWX_NONCE_TTL_S: '-5' })).toThrow(/PORTICO_SIWX_NONCE_TTL_S/)
    expect(() => siwxConfigFromEnv({ PORTICO_SIWX_EXTRA_CHAINS: 'not a chain' })).toThrow(/CAIP-2/)
    expect(() => resolveSiwxConfig(siwxConfigFromEnv({ PORTICO_SIWX_TOKEN_SECRET: 'short' }))).toThrow(
      /tokenSecret/,
    )
  })
})
