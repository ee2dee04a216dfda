import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname } from 'node:path'
import type { SiwxConfig } from './config.ts'

type KeySource = Pick<SiwxConfig, 'nonceKey' | 'nonceKeyFile' | 'production'>

const HEX_KEY = /^([0-9a-f]{2}){32,}$/i

/**
 * The HMAC key of sign-in nonces: `nonceKey` when given, else the contents of `nonceKeyFile`.
 * Outside production a missing file is generated (mode 0600, one log line), so API nodes started from
 * one checkout share it; without any file the key is random per process (a standalone verifier).
 * Production refuses to start without a key, naming the variables; a key file other users may read
 * or write is refused everywhere.
 */
export function loadNonceKey(source: KeySource, log: (line: string) => void = console.warn): Buffer {
  if (source.nonceKey !== undefined) return parse(source.nonceKey, 'siwx.nonceKey (PORTICO_SIWX_NONCE_KEY)')
  const file = source.nonceKeyFile
  const what = `the sign-in nonce key file ${file} (PORTICO_SIWX_NONCE_KEY_FILE)`
  if (file && existsSync(file)) return readKeyFile(file, what)
  if (source.production)
    throw new Error(
      `PORTICO_SIWX_NONCE_KEY is not set: production (PORTICO_ENV=production) needs the sign-in nonce key, the same on every API node — PORTICO_SIWX_NONCE_KEY (hex, ≥ 32 bytes, e.g. openssl rand -hex 32) or PORTICO_SIWX_NONCE_KEY_FILE (an existing file, mode 0600)${file ? `; ${file} does not exist` : ''}. Production never generates one.`,
    )
  if (!file) return randomBytes(32)
  const generated = generateKeyFile(file, what)
  if (!generated) return readKeyFile(file, what)
  log(
    `portico api: generated a dev sign-in nonce key at ${file}; production (PORTICO_ENV=production) refuses this and needs PORTICO_SIWX_NONCE_KEY or PORTICO_SIWX_NONCE_KEY_FILE`,
  )
  return generated
}

function parse(text: string, what: string): Buffer {
  if (!HEX_KEY.test(text)) throw new Error(`${what} must be at least 32 bytes of hex`)
  return Buffer.from(text, 'hex')
}

function readKeyFile(file: string, what: string): Buffer {
  const mode = statSync(file).mode
  if (process.platform !== 'win32' && (mode & 0o077) !== 0)
    throw new Error(
      `${what} is readable or writable by other users (mode ${(mode & 0o777).toString(8).padStart(4, '0')}): run chmod 600 ${file}`,
    )
  return parse(readFileSync(file, 'utf8').trim(), what)
}

/** Writes a fresh key to `file` at once (link of a complete 0600 temp file); undefined when it already exists. */
function generateKeyFile(file: string, what: string): Buffer | undefined {
  mkdirSync(dirname(file), { recursive: true })
  const key = randomBytes(32)
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temp, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  try {
    chmodSync(temp, 0o600)
    linkSync(temp, file)
  } catch (err) {
    // Another process created it first (two nodes starting at once): use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined
    throw new Error(`Cannot write ${what}: ${(err as Error).message}`)
  } finally {
    unlinkSync(temp)
  }
  return key
}
