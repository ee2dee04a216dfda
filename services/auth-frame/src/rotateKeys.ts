import { pathToFileURL } from 'node:url'
import { resolveConfig } from './config.ts'
import { loadServerKeys } from './crypto/serverKey.ts'
import { createVault, sealedKeyId, type Vault } from './crypto/vault.ts'
import type { SealedKeyRow, Store } from './db/store.ts'
import { openStore } from './db/store.ts'
import { configFromEnv } from './env.ts'

/**
 * `npm run rotate-keys -w @portico/auth-frame [-- --batch=100 --pause=0 --check]`: re-seals every user
 * key that is not under the current server key (PORTICO_AUTH_FRAME_KEY / _KEY_FILE), opening it with the
 * old keys (PORTICO_AUTH_FRAME_OLD_KEYS / _OLD_KEY_FILES). Each row is replaced in its own transaction
 * only if it still holds the value that was read (compare-and-set), so a concurrent run or a running
 * server never loses a key; re-running continues where a stopped run ended. Nothing is changed when
 * some key opens with no known server key.
 */

export interface RotateOptions {
  /** Rows read and re-sealed per batch (default 100). */
  batchSize?: number
  /** Sleep between batches, to go easy on a busy database (default 0). */
  pauseMs?: number
  log?: (line: string) => void
}

export interface RotateResult {
  /** Set when some keys open with no known server key: their user ids; nothing was changed then. */
  refused?: string[]
  resealed: number
  /** Rows already sealed under the current key (their key_id column was filled in). */
  alreadyCurrent: number
  /** User ids of keys that stopped opening during the run (changed by someone else), left as they are. */
  unopenable: string[]
  /** Rows still not under the current key at the end (e.g. written meanwhile under an old key): re-run. */
  left: number
}

const context = (row: SealedKeyRow) => `${row.user_id}:${row.namespace}`

/** Every user key not recorded under the current key, in batches, in (user_id, namespace) order. */
async function* pending(store: Store, vault: Vault, batchSize: number): AsyncGenerator<SealedKeyRow[]> {
  let after = { userId: '', namespace: '' }
  for (;;) {
    const rows = await store.keysNotUnder(vault.keyId, after, batchSize)
    if (rows.length === 0) return
    yield rows
    const last = rows[rows.length - 1] as SealedKeyRow
    after = { userId: last.user_id, namespace: last.namespace }
    if (rows.length < batchSize) return
  }
}

const opens = (vault: Vault, row: SealedKeyRow) => {
  try {
    vault.open(row.sealed_key, context(row)).fill(0)
    return true
  } catch {
    return false
  }
}

/** User ids whose keys (not yet under the current key) no known server key opens. Changes nothing. */
export async function unopenableKeys(store: Store, vault: Vault, batchSize = 500): Promise<string[]> {
  const users = new Set<string>()
  for await (const rows of pending(store, vault, batchSize))
    for (const row of rows) if (!opens(vault, row)) users.add(row.user_id)
  return [...users]
}

/** Re-seals one row under the current key (compare-and-set, re-read and retried when it changed). */
async function rotateRow(
  store: Store,
  vault: Vault,
  start: SealedKeyRow,
): Promise<'resealed' | 'current' | 'unopenable' | 'gone'> {
  let row = start
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = sealedKeyId(row.sealed_key) === vault.keyId
    let sealed = row.sealed_key
    if (!current) {
      let secret: Uint8Array
      try {
        secret = vault.open(row.sealed_key, context(row))
      } catch {
        return 'unopenable'
      }
      sealed = vault.seal(secret, context(row))
      const check = vault.open(sealed, context(row))
      const same = Buffer.from(check).equals(Buffer.from(secret))
      secret.fill(0)
      check.fill(0)
      if (!same) throw new Error(`The re-sealed key of user ${row.user_id} does not open to the same key`)
    }
    if (await store.resealKey(row, sealed, vault.keyId)) return current ? 'current' : 'resealed'
    const now = await store.userKey(row.user_id, row.namespace)
    if (!now) return 'gone'
    row = { ...row, sealed_key: now.sealed_key }
  }
  throw new Error(`The key of user ${start.user_id} (${start.namespace}) kept changing during the rotation`)
}

export async function rotateKeys(
  store: Store,
  vault: Vault,
  options: RotateOptions = {},
): Promise<RotateResult> {
  const batchSize = options.batchSize ?? 100
  const log = options.log ?? console.log
  const result: RotateResult = { resealed: 0, alreadyCurrent: 0, unopenable: [], left: 0 }
  const refused = await unopenableKeys(store, vault)
  if (refused.length > 0) return { ...result, refused, left: await store.countKeysNotUnder(vault.keyId) }
  const total = await store.countKeysNotUnder(vault.keyId)
  log(`rotate-keys: ${total} user keys to check, re-sealing under server key ${vault.keyId}`)
  let checked = 0
  let first = true
  for await (const rows of pending(store, vault, batchSize)) {
    if (!first && options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs))
    first = false
    for (const row of rows) {
      const outcome = await rotateRow(store, vault, row)
      if (outcome === 'resealed') result.resealed++
      else if (outcome === 'current') result.alreadyCurrent++
      else if (outcome === 'unopenable') result.unopenable.push(row.user_id)
    }
    checked += rows.length
    log(`rotate-keys: ${checked} of ${total} checked, ${result.resealed} re-sealed`)
  }
  result.left = await store.countKeysNotUnder(vault.keyId)
  return result
}

function flag(args: string[], name: string): string | undefined {
  const prefix = `--${name}=`
  return args.find((a) => a.startsWith(prefix))?.slice(prefix.length)
}

function count(text: string | undefined, name: string, fallback: number, min: number): number {
  if (text === undefined) return fallback
  const n = Number(text)
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`--${name} must be an integer ≥ ${min}, got "${text}"`)
  return n
}

/** The command: exit 0 when every key is under the current key, 1 when refused or a key failed, 2 when some are left. */
export async function main(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const config = resolveConfig({ logLevel: 'info', ...configFromEnv(env) })
  const keys = loadServerKeys(config, { generate: false })
  const vault = createVault(keys.current, keys.old)
  const store = await openStore(config.database)
  try {
    const batchSize = count(flag(args, 'batch'), 'batch', 100, 1)
    const pauseMs = count(flag(args, 'pause'), 'pause', 0, 0)
    console.log(
      `rotate-keys: current server key ${vault.keyId}, old keys: ${vault.oldKeyIds.join(', ') || 'none'}`,
    )
    if (args.includes('--check')) {
      const bad = await unopenableKeys(store, vault)
      console.log(
        `rotate-keys: ${await store.countKeysNotUnder(vault.keyId)} user keys not under the current key; ${bad.length} users with keys no known key opens${bad.length ? `: ${bad.join(', ')}` : ''}`,
      )
      return bad.length ? 1 : 0
    }
    const result = await rotateKeys(store, vault, { batchSize, pauseMs })
    if (result.refused) {
      console.error(
        `rotate-keys: refused, nothing changed: ${result.refused.length} users have keys that no known server key opens (add the key that sealed them to PORTICO_AUTH_FRAME_OLD_KEYS or PORTICO_AUTH_FRAME_OLD_KEY_FILES): ${result.refused.join(', ')}`,
      )
      return 1
    }
    console.log(
      `rotate-keys: done: ${result.resealed} re-sealed, ${result.alreadyCurrent} already under ${vault.keyId}, ${result.left} left under other keys`,
    )
    if (result.unopenable.length) {
      console.error(
        `rotate-keys: left unchanged, no known key opens them: users ${[...new Set(result.unopenable)].join(', ')}`,
      )
      return 1
    }
    if (result.left > 0) {
      console.error(`rotate-keys: ${result.left} keys were written under another key meanwhile: run it again`)
      return 2
    }
    return 0
  } finally {
    await store.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`rotate-keys: ${err instanceof Error ? err.message : String(err)}`)
      process.exit(1)
    },
  )
