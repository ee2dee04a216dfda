import { devAppleKey as idpDevAppleKey } from '@portico/idp'
import { importPKCS8 } from 'jose'
import { describe, expect, it } from 'vitest'
import { devAppleKey } from './devAppleKey.ts'

describe('the dev Apple key', () => {
  it("is the local IdP's, seed for seed, and a P-256 PKCS #8 key with Apple's 10-character key id", async () => {
    for (const seed of [undefined, 'team-seed']) expect(devAppleKey(seed)).toEqual(idpDevAppleKey(seed))
    const key = devAppleKey()
    expect(key.keyId).toMatch(/^[0-9A-Z]{10}$/)
    expect(key.teamId).toMatch(/^[0-9A-Z]{10}$/)
    await expect(importPKCS8(key.privateKey, 'ES256')).resolves.toBeTruthy()
    expect(devAppleKey('team-seed').privateKey).not.toBe(key.privateKey)
  })
})
