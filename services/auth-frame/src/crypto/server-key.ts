import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The 32-byte key that encrypts user keys at rest: from `serverKey` (hex or base64) when given,
 * else read from `file`, generated there (mode 0600) on first start. A malformed key is an error,
 * never a silently weaker key.
 */
export function loadServerKey(serverKey: string | undefined, file: string): Buffer {
  if (serverKey !== undefined) return parseKey(serverKey, 'the server key (PORTICO_AUTH_FRAME_KEY)')
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8').trim(), `the server key file ${file}`)
  mkdirSync(dirname(file), { recursive: true })
  const key = randomBytes(32)
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (err) {
    // Another process created it first (two stacks starting at once): use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return parseKey(readFileSync(file, 'utf8').trim(), `the server key file ${file}`)
    throw err
  }
  chmodSync(file, 0o600)
  return key
}

export function parseKey(text: string, what: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined
  if (key?.length !== 32) throw new Error(`${what} must be 32 bytes, as 64 hex characters or base64`)
  return key
}
