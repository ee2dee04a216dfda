import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../src/config.ts'
import { keyWeakness, loadServerKey, loadServerKeys } from '../src/crypto/serverKey.ts'
import { createVault } from '../src/crypto/vault.ts'
import { configFromEnv } from '../src/env.ts'
import { startAuthFrame } from '../src/server.ts'

const tempDir = () => mkdtempSync(join(tmpdir(), 'portico-key-'))
const bytes = (f: (i: number) => number) => Buffer.from(Array.from({ length: 32 }, (_, i) => f(i) & 0xff))
/** A repeated block of n distinct bytes. */
const block = (n: number) => bytes((i) => (i % n) * 37 + 11)

/** Keys that must never protect user keys, and what the refusal says. */
const WEAK: [string, Buffer, string][] = [
  ['all zeros', Buffer.alloc(32), 'all zeros'],
  ['one byte repeated (ab…ab)', Buffer.from('ab'.repeat(32), 'hex'), 'one byte (0xab) repeated'],
  ['a 2-byte block', block(2), 'repeats the same 2-byte block'],
  ['a 4-byte block', block(4), 'repeats the same 4-byte block'],
  ['an 8-byte block', block(8), 'repeats the same 8-byte block'],
  ['a 16-byte block', block(16), 'repeats the same 16-byte block'],
  ['a 5-byte block', block(5), 'repeats the same 5-byte block'],
  ['a counting run 00 01 02 …', bytes((i) => i), 'counting sequence'],
  ['a counting run down', bytes((i) => 200 - 3 * i), 'counting sequence'],
  ['ASCII text', Buffer.from('correct horse battery staple!!!!'), 'distinct byte values'],
  [
    'the hex digits of a 16-byte key as text',
    Buffer.from(randomBytes(16).toString('hex')),
    'distinct byte values',
  ],
  ['half one byte, half distinct', bytes((i) => (i < 16 ? 7 : 100 + i)), 'entropy'],
]

describe('weak server keys are refused, in dev and production', () => {
  it.each(WEAK)('%s', (_name, key, message) => {
    expect(keyWeakness(key)).toContain(message)
    const dir = tempDir()
    for (const production of [false, true]) {
      for (const text of [key.toString('hex'), key.toString('base64')])
        expect(() => loadServerKey(text, join(dir, 'unused'), { production })).toThrow(
          /the server key \(PORTICO_AUTH_FRAME_KEY\) is weak: /,
        )
      const file = join(dir, 'key')
      writeFileSync(file, key.toString('hex'), { mode: 0o600 })
      expect(() => loadServerKey(undefined, file, { production })).toThrow(message)
      expect(() => loadServerKey(undefined, file, { production })).toThrow('PORTICO_AUTH_FRAME_KEY_FILE')
      const strong = randomBytes(32).toString('hex')
      expect(() =>
        loadServerKeys({
          production,
          serverKey: strong,
          serverKeyFile: '',
          oldServerKeys: [key.toString('hex')],
        }),
      ).toThrow(/PORTICO_AUTH_FRAME_OLD_KEYS.* is weak/)
      expect(() =>
        loadServerKeys({ production, serverKey: strong, serverKeyFile: '', oldServerKeyFiles: [file] }),
      ).toThrow(/PORTICO_AUTH_FRAME_OLD_KEY_FILES.* is weak/)
    }
    expect(() => createVault(key)).toThrow('weak')
  })

  it('random keys pass', () => {
    for (let i = 0; i < 5000; i++) expect(keyWeakness(randomBytes(32))).toBeUndefined()
  })
})

describe('a key file other users may read or write is refused', () => {
  it.each([0o640, 0o604, 0o620, 0o602, 0o660, 0o644, 0o666, 0o700 | 0o007])('mode %o', (mode) => {
    const dir = tempDir()
    const file = join(dir, 'server-key')
    const key = randomBytes(32)
    writeFileSync(file, key.toString('hex'))
    chmodSync(file, mode)
    expect(() => loadServerKey(undefined, file)).toThrow(`run chmod 600 ${file}`)
    expect(() => loadServerKey(undefined, file, { production: true })).toThrow(
      'readable or writable by other users',
    )
    expect(() =>
      loadServerKeys(
        { production: false, serverKeyFile: join(dir, 'current'), oldServerKeyFiles: [file] },
        { log: () => {} },
      ),
    ).toThrow(`run chmod 600 ${file}`)
    chmodSync(file, 0o600)
    expect(loadServerKey(undefined, file).equals(key)).toBe(true)
    chmodSync(file, 0o400)
    expect(loadServerKey(undefined, file).equals(key)).toBe(true)
  })
})

describe('production refuses a missing server key and the dev mailbox', () => {
  it('PORTICO_ENV=production or NODE_ENV=production is production; the key file then has no default', () => {
    expect(configFromEnv({ PORTICO_ENV: 'production' }).production).toBe(true)
    expect(configFromEnv({ NODE_ENV: 'production' }).production).toBe(true)
    expect(configFromEnv({ NODE_ENV: 'test' }).production).toBeUndefined()
    expect(resolveConfig({}).production).toBe(false)
    expect(resolveConfig({}).serverKeyFile).toMatch(/server-key$/)
    expect(resolveConfig({ production: true }).serverKeyFile).toBe('')
  })

  it('never generates a key: it needs PORTICO_AUTH_FRAME_KEY or an existing PORTICO_AUTH_FRAME_KEY_FILE', () => {
    const dir = tempDir()
    const missing = join(dir, 'server-key')
    for (const file of ['', missing]) {
      expect(() => loadServerKey(undefined, file, { production: true, log: () => {} })).toThrow(
        /production.*PORTICO_AUTH_FRAME_KEY .*PORTICO_AUTH_FRAME_KEY_FILE/,
      )
      expect(existsSync(missing)).toBe(false)
    }
    const key = randomBytes(32)
    expect(loadServerKey(key.toString('hex'), '', { production: true }).equals(key)).toBe(true)
    writeFileSync(missing, key.toString('base64'), { mode: 0o600 })
    expect(loadServerKey(undefined, missing, { production: true }).equals(key)).toBe(true)
  })

  it('startAuthFrame in production: refuses without a key, refuses the dev mailbox by name, starts with a key and a mailer', async () => {
    const dir = tempDir()
    const base = {
      production: true,
      port: 0,
      logLevel: 'silent' as const,
      database: { kind: 'sqlite' as const, file: join(dir, 'frame.sqlite') },
      mailer: { send: async () => {} },
      projects: { acme: { allowedOrigins: ['https://app.acme.example'] } },
    }
    await expect(startAuthFrame(base)).rejects.toThrow('PORTICO_AUTH_FRAME_KEY')
    const serverKey = randomBytes(32).toString('hex')
    await expect(startAuthFrame({ ...base, serverKey, devMailbox: true })).rejects.toThrow(
      /PORTICO_AUTH_FRAME_MAILBOX.*production .*refuses/,
    )
    await expect(startAuthFrame({ ...base, serverKey: 'ab'.repeat(32) })).rejects.toThrow('is weak')
    const server = await startAuthFrame({ ...base, serverKey })
    try {
      expect(server.config.production).toBe(true)
      expect((await fetch(`${server.url}/health`)).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
