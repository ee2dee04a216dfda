import { createHmac, randomBytes } from 'node:crypto'
import { mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerKey, loadServerKeys } from '../src/crypto/serverKey.ts'
import { createVault, keyId, sealedKeyId } from '../src/crypto/vault.ts'
import { signIn, startTestFrame, type TestFrame, uniqueEmail } from './helpers.ts'

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
})
afterAll(() => frame.close())

describe('user keys at rest', () => {
  it('are generated per user (secp256k1 and ed25519) and stored only sealed with the server key, bound to their owner', async () => {
    const email = uniqueEmail()
    await signIn(frame, frame.device(), email)
    await signIn(frame, frame.device(), uniqueEmail())
    const { driver } = frame.server.store
    const rows = await driver.all<{
      user_id: string
      namespace: string
      address: string
      sealed_key: string
      key_id: string | null
    }>(
      'SELECT k.user_id, k.namespace, k.address, k.sealed_key, k.key_id FROM user_keys k JOIN users u ON u.id = k.user_id WHERE u.email = ?',
      [email],
    )
    expect(rows.map((r) => r.namespace).sort()).toEqual(['eip155', 'solana'])
    const evm = rows.find((r) => r.namespace === 'eip155')
    if (!evm) throw new Error('no eip155 key')
    const vault = frame.server.services.vault
    // Sealed under the current server key, which the row names too.
    expect(evm.sealed_key.startsWith(`v2.${vault.keyId}.`)).toBe(true)
    expect(rows.map((r) => r.key_id)).toEqual([vault.keyId, vault.keyId])
    const secret = vault.open(evm.sealed_key, `${evm.user_id}:eip155`)
    expect(privateKeyToAccount(bytesToHex(secret)).address).toBe(evm.address)
    // The raw database never holds the key.
    const dump = JSON.stringify(await driver.all('SELECT * FROM user_keys'))
    expect(dump).not.toContain(bytesToHex(secret).slice(2))
    expect(dump).not.toContain(Buffer.from(secret).toString('base64url'))
    // A sealed key copied to another user, or opened with another server key, does not decrypt.
    const [other] = await driver.all<{ user_id: string }>(
      'SELECT user_id FROM user_keys WHERE user_id <> ? LIMIT 1',
      [evm.user_id],
    )
    expect(() => vault.open(evm.sealed_key, `${other?.user_id}:eip155`)).toThrow()
    expect(() => vault.open(evm.sealed_key, `${evm.user_id}:solana`)).toThrow()
    expect(() => createVault(randomBytes(32)).open(evm.sealed_key, `${evm.user_id}:eip155`)).toThrow()
    // The second-last character (the last one carries unused bits): always a different one.
    const at = evm.sealed_key.length - 2
    const tampered = `${evm.sealed_key.slice(0, at)}${evm.sealed_key[at] === 'A' ? 'B' : 'A'}${evm.sealed_key.slice(at + 1)}`
    expect(tampered).not.toBe(evm.sealed_key)
    expect(() => vault.open(tampered, `${evm.user_id}:eip155`)).toThrow()
  })
})

describe('the server key', () => {
  it('is generated once (dev only) into a 0600 file, saying so in one line, and read back; a malformed key is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-key-'))
    const file = join(dir, 'nested', 'server-key')
    const lines: string[] = []
    const log = (line: string) => lines.push(line)
    const key = loadServerKey(undefined, file, { log })
    expect(key).toHaveLength(32)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`generated a dev server key at ${file}`)
    expect(lines[0]).toContain('production')
    expect(loadServerKey(undefined, file, { log }).equals(key)).toBe(true)
    expect(lines).toHaveLength(1)
    const given = randomBytes(32)
    expect(loadServerKey(given.toString('hex'), file).equals(given)).toBe(true)
    expect(loadServerKey(given.toString('base64'), file).equals(given)).toBe(true)
    for (const bad of ['', 'abc', 'zz'.repeat(32), 'ab'.repeat(31)])
      expect(() => loadServerKey(bad, file)).toThrow('must be 32 bytes')
    const broken = join(dir, 'broken')
    writeFileSync(broken, 'not a key', { mode: 0o600 })
    expect(() => loadServerKey(undefined, broken)).toThrow('must be 32 bytes')
  })
})

describe('retention', () => {
  it('prune deletes expired flows, old email-send records and long-ended sessions, and keeps live ones', async () => {
    const live = frame.device()
    await signIn(frame, live, uniqueEmail())
    const ended = frame.device()
    await signIn(frame, ended, uniqueEmail())
    await ended.ok('SIGN_OUT')
    const pending = frame.device()
    await pending.ok('CONNECT_EMAIL', { email: uniqueEmail() })
    const { driver } = frame.server.store
    const count = async (table: string) =>
      Number((await driver.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n)
    const before = {
      flows: await count('flows'),
      sends: await count('email_sends'),
      sessions: await count('sessions'),
    }
    const now = Date.now()
    await frame.server.store.prune(now, now - 60_000, now + 1)
    expect(await count('flows')).toBe(before.flows)
    expect(await count('email_sends')).toBe(before.sends)
    // The revoked session goes; the live one stays.
    expect(await count('sessions')).toBe(before.sessions - 1)
    expect(await live.ok('IS_CONNECTED')).toEqual({ isConnected: true })
    await frame.server.store.prune(now + 3_600_000, now + 60_000, now)
    expect(await count('flows')).toBe(0)
    expect(await count('email_sends')).toBe(0)
  })
})

describe('key ids and old keys', () => {
  const A = randomBytes(32)
  const B = randomBytes(32)

  it('a key id is the first 16 hex characters of HMAC-SHA256(key, "portico-auth-frame/key-id")', () => {
    expect(keyId(A)).toBe(
      createHmac('sha256', A).update('portico-auth-frame/key-id').digest('hex').slice(0, 16),
    )
    expect(keyId(A)).toMatch(/^[0-9a-f]{16}$/)
    expect(keyId(A)).not.toBe(keyId(B))
    expect(createVault(A).keyId).toBe(keyId(A))
  })

  it('new seals name the current key; old keys only open; v1 (no id) still opens under any known key', () => {
    const secret = randomBytes(32)
    const underA = createVault(A).seal(secret, 'u:eip155')
    expect(underA.split('.')).toHaveLength(5)
    expect(sealedKeyId(underA)).toBe(keyId(A))
    const rotated = createVault(B, [A])
    expect(rotated.keyId).toBe(keyId(B))
    expect(rotated.oldKeyIds).toEqual([keyId(A)])
    expect(Buffer.from(rotated.open(underA, 'u:eip155')).equals(secret)).toBe(true)
    const underB = rotated.seal(secret, 'u:eip155')
    expect(sealedKeyId(underB)).toBe(keyId(B))
    expect(() => createVault(A).open(underB, 'u:eip155')).toThrow(`unknown server key (key id ${keyId(B)})`)
    // The v1 form: the same cipher without the key id.
    const v1 = `v1.${underA.split('.').slice(2).join('.')}`
    expect(sealedKeyId(v1)).toBeUndefined()
    expect(Buffer.from(createVault(A).open(v1, 'u:eip155')).equals(secret)).toBe(true)
    expect(Buffer.from(rotated.open(v1, 'u:eip155')).equals(secret)).toBe(true)
    expect(() => createVault(B).open(v1, 'u:eip155')).toThrow()
    expect(() => rotated.open(v1, 'v:eip155')).toThrow()
    // A v2 value whose key id was edited to another known key does not open either.
    expect(() => rotated.open(underA.replace(keyId(A), keyId(B)), 'u:eip155')).toThrow()
    // One-time codes MACed just before the key change still check; new ones use the current key.
    const mac = createVault(A).mac('otp:flow:123456')
    expect(rotated.macEquals('otp:flow:123456', mac)).toBe(true)
    expect(rotated.mac('otp:flow:123456')).not.toBe(mac)
    expect(createVault(B).macEquals('otp:flow:123456', mac)).toBe(false)
  })

  it('old keys come from PORTICO_AUTH_FRAME_OLD_KEYS and _OLD_KEY_FILES', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-key-'))
    const oldFile = join(dir, 'old')
    writeFileSync(oldFile, B.toString('base64'), { mode: 0o600 })
    const keys = loadServerKeys({
      production: true,
      serverKey: randomBytes(32).toString('hex'),
      serverKeyFile: '',
      oldServerKeys: [A.toString('hex')],
      oldServerKeyFiles: [oldFile],
    })
    expect(keys.old.map((k) => k.toString('hex'))).toEqual([A.toString('hex'), B.toString('hex')])
  })
})
