import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { APPLE_AUDIENCE, appleClientSecret } from './appleSecret.ts'

describe("Apple's client secret", () => {
  it('is an ES256 JWT from the team id, key id and .p8 key, reused until near its expiry', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    let now = Date.UTC(2026, 10, 27)
    const secret = appleClientSecret(
      { teamId: 'TEAM123456', keyId: 'ABC123DEFG', privateKey: await exportPKCS8(privateKey) },
      'com.example.web',
      () => now,
    )
    const jwt = await secret()
    const { payload, protectedHeader } = await jwtVerify(jwt, publicKey, {
      issuer: 'TEAM123456',
      audience: APPLE_AUDIENCE,
      subject: 'com.example.web',
      currentDate: new Date(now),
    })
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: 'ABC123DEFG' })
    // Apple refuses a secret valid for more than six months.
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(15_777_000)
    expect(await secret()).toBe(jwt)
    now += 3600_000
    expect(await secret()).not.toBe(jwt)
  })

  it('refuses a key that is not a P-256 PKCS #8 key', async () => {
    const secret = appleClientSecret({ teamId: 'T', keyId: 'K', privateKey: 'not a key' }, 'c')
    await expect(secret()).rejects.toThrow()
  })
})
