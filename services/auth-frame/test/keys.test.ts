import { randomBytes } from 'node:crypto'
import { mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerKey } from '../src/crypto/server-key.ts'
import { createVault } from '../src/crypto/vault.ts'
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
    }>(
      'SELECT k.user_id, k.namespace, k.address, k.sealed_key FROM user_keys k JOIN users u ON u.id = k.user_id WHERE u.email = ?',
      [email],
    )
    expect(rows.map((r) => r.namespace).sort()).toEqual(['eip155', 'solana'])
    const evm = rows.find((r) => r.namespace === 'eip155')
    if (!evm) throw new Error('no eip155 key')
    const vault = frame.server.services.vault
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
  it('is generated once into a 0600 file and read back; a malformed key is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-key-'))
    const file = join(dir, 'nested', 'server-key')
    const key = loadServerKey(undefined, file)
    expect(key).toHaveLength(32)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadServerKey(undefined, file).equals(key)).toBe(true)
    expect(loadServerKey('ab'.repeat(32), file).equals(Buffer.from('ab'.repeat(32), 'hex'))).toBe(true)
    for (const bad of ['', 'abc', 'zz'.repeat(32), 'ab'.repeat(31)])
      expect(() => loadServerKey(bad, file)).toThrow('must be 32 bytes')
    const broken = join(dir, 'broken')
    writeFileSync(broken, 'not a key')
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
