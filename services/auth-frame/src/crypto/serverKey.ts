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

export interface LoadKeyOptions {
  /** Production refuses to generate a key: it needs `serverKey` or an existing `file`. */
  production?: boolean
  /** Generate a missing key file (default: outside production). The rotation command never does. */
  generate?: boolean
  /** Where the one line about a generated dev key goes (default console.warn). */
  log?: (line: string) => void
}

/** The server keys a vault is made of: the current one (seals) and old ones (open only, until rotated). */
export interface ServerKeys {
  current: Buffer
  old: Buffer[]
}

export interface ServerKeysConfig {
  production: boolean
  serverKey?: string
  serverKeyFile: string
  oldServerKeys?: string[]
  oldServerKeyFiles?: string[]
}

/** The current key (as `loadServerKey`) and the old keys (never generated), all checked alike. */
export function loadServerKeys(
  config: ServerKeysConfig,
  options: Omit<LoadKeyOptions, 'production'> = {},
): ServerKeys {
  const current = loadServerKey(config.serverKey, config.serverKeyFile, {
    ...options,
    production: config.production,
  })
  const old = [
    ...(config.oldServerKeys ?? []).map((text, i) =>
      parseKey(text, `old server key #${i + 1} (PORTICO_AUTH_FRAME_OLD_KEYS)`),
    ),
    ...(config.oldServerKeyFiles ?? []).map((file) =>
      readKeyFile(file, `the old server key file ${file} (PORTICO_AUTH_FRAME_OLD_KEY_FILES)`),
    ),
  ]
  return { current, old }
}

/**
 * The 32-byte key that encrypts user keys at rest: from `serverKey` (hex or base64) when given,
 * else read from `file`. Outside production a missing file is generated (mode 0600) with one log
 * line; production refuses to start instead. A malformed or weak key, or a key file other users may
 * read or write, is an error, never a silently weaker key.
 */
export function loadServerKey(
  serverKey: string | undefined,
  file: string,
  options: LoadKeyOptions = {},
): Buffer {
  if (serverKey !== undefined) return parseKey(serverKey, 'the server key (PORTICO_AUTH_FRAME_KEY)')
  const what = `the server key file ${file} (PORTICO_AUTH_FRAME_KEY_FILE)`
  if (file && existsSync(file)) return readKeyFile(file, what)
  if (options.production || options.generate === false)
    throw new Error(
      `${options.production ? 'The auth frame runs in production (PORTICO_ENV or NODE_ENV=production) and has' : 'There is'} no server key: set PORTICO_AUTH_FRAME_KEY (32 bytes, hex or base64) or PORTICO_AUTH_FRAME_KEY_FILE (an existing file, mode 0600)${file ? `; ${file} does not exist` : ''}.${options.production ? ' Production never generates one.' : ''}`,
    )
  const key = generateKeyFile(file, what)
  if (key)
    (options.log ?? console.warn)(
      `auth frame: generated a dev server key at ${file}; production (PORTICO_ENV=production) refuses this and needs PORTICO_AUTH_FRAME_KEY or PORTICO_AUTH_FRAME_KEY_FILE`,
    )
  return key ?? readKeyFile(file, what)
}

/** Writes a fresh key to `file` at once (link of a complete 0600 temp file); undefined when it already exists. */
function generateKeyFile(file: string, what: string): Buffer | undefined {
  mkdirSync(dirname(file), { recursive: true })
  let key = randomBytes(32)
  while (keyWeakness(key)) key = randomBytes(32)
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temp, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
  try {
    chmodSync(temp, 0o600)
    linkSync(temp, file)
  } catch (err) {
    // Another process created it first (two stacks starting at once): use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined
    throw new Error(`Cannot write ${what}: ${(err as Error).message}`)
  } finally {
    unlinkSync(temp)
  }
  return key
}

/** Reads a key file, refusing one that group or others may read or write. */
export function readKeyFile(file: string, what: string): Buffer {
  const mode = statSync(file).mode
  if (process.platform !== 'win32' && (mode & 0o077) !== 0)
    throw new Error(
      `${what} is readable or writable by other users (mode ${(mode & 0o777).toString(8).padStart(4, '0')}): run chmod 600 ${file}`,
    )
  return parseKey(readFileSync(file, 'utf8').trim(), what)
}

export function parseKey(text: string, what: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined
  if (key?.length !== 32) throw new Error(`${what} must be 32 bytes, as 64 hex characters or base64`)
  const weakness = keyWeakness(key)
  if (weakness)
    throw new Error(`${what} is weak: ${weakness}. Use 32 random bytes (e.g. openssl rand -hex 32)`)
  return key
}

/** Least Shannon entropy (bits per byte) of a 32-byte key; random keys have ~4.9 (never below 4.2 in 2M draws). */
const MIN_ENTROPY_BITS = 3.5
/**
 * Least distinct byte values in 32 bytes: random keys have ~30 (16 or fewer: chance ~1e-15), hex or
 * other text as key bytes has at most 16.
 */
const MIN_DISTINCT = 17

/** Why a key is not random-looking (all zeros, a repeated block, a counting run, too few distinct bytes), or undefined. */
export function keyWeakness(key: Uint8Array): string | undefined {
  if (key.every((b) => b === 0)) return 'it is all zeros'
  for (let period = 1; period <= key.length / 2; period++)
    if (key.every((b, i) => i < period || b === key[i - period]))
      return period === 1
        ? `it is one byte (0x${(key[0] ?? 0).toString(16).padStart(2, '0')}) repeated`
        : `it repeats the same ${period}-byte block`
  const step = ((key[1] ?? 0) - (key[0] ?? 0) + 256) % 256
  if (key.every((b, i) => i === 0 || (b - (key[i - 1] ?? 0) + 256) % 256 === step))
    return `it is a counting sequence (step ${step})`
  const counts = new Map<number, number>()
  for (const b of key) counts.set(b, (counts.get(b) ?? 0) + 1)
  if (counts.size < MIN_DISTINCT)
    return `it has only ${counts.size} distinct byte values (random keys have about 30)`
  let bits = 0
  for (const n of counts.values()) bits -= (n / key.length) * Math.log2(n / key.length)
  if (bits < MIN_ENTROPY_BITS)
    return `its byte entropy is ${bits.toFixed(2)} bits (random keys have about 4.9, at least ${MIN_ENTROPY_BITS} is required)`
  return undefined
}
