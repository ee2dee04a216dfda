import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { keypairFromSecret } from '@portico/devnet'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateUserKeys } from '../src/crypto/userKeys.ts'
import { createVault, keyId, type Vault } from '../src/crypto/vault.ts'
import { openStore, type SealedKeyRow, type Store } from '../src/db/store.ts'

const PACKAGE = join(import.meta.dirname, '..')
const USERS = 90

const A = randomBytes(32)
const B = randomBytes(32)
let dir: string
let file: string
let store: Store
/** user id:namespace → address, as created. */
const addresses = new Map<string, string>()

/** USERS users with their keys sealed under A, a third of them in the `v1` form (before key ids). */
async function seed(store: Store): Promise<void> {
  const underA = createVault(A)
  for (let i = 0; i < USERS; i++) {
    const id = randomUUID()
    const keys = generateUserKeys(underA, id)
    for (const key of keys) addresses.set(`${id}:${key.namespace}`, key.address)
    await store.insertUser(
      {
        id,
        email: `rotate-${i}@example.com`,
        social_provider: null,
        social_subject: null,
        user_name: null,
        preferred_account_type: null,
      },
      keys,
    )
  }
  // A third of the rows as sealed before key ids: `v1.<iv>.<tag>.<ct>` (same cipher), no key_id.
  await store.driver.run(
    "UPDATE user_keys SET sealed_key = 'v1' || substr(sealed_key, 20), key_id = NULL WHERE user_id IN (SELECT id FROM users WHERE CAST(substr(email, 8) AS INTEGER) % 3 = 0)",
  )
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-rotate-'))
  file = join(dir, 'frame.sqlite')
  store = await openStore({ kind: 'sqlite', file })
  await seed(store)
}, 120_000)
afterAll(async () => {
  await store?.close()
  rmSync(dir, { recursive: true, force: true })
})

const rows = (from = store) =>
  from.driver.all<SealedKeyRow>(
    'SELECT user_id, namespace, address, sealed_key, key_id FROM user_keys ORDER BY user_id, namespace',
  )

/** Opens every row with the vault and checks the key still belongs to its address. */
async function expectAllOpen(vault: Vault, from = store): Promise<SealedKeyRow[]> {
  const all = await rows(from)
  expect(all).toHaveLength(USERS * 2)
  for (const row of all) {
    const secret = vault.open(row.sealed_key, `${row.user_id}:${row.namespace}`)
    const address =
      row.namespace === 'eip155'
        ? privateKeyToAccount(bytesToHex(secret)).address
        : keypairFromSecret(secret).address
    expect(address).toBe(addresses.get(`${row.user_id}:${row.namespace}`))
    expect(row.address).toBe(address)
  }
  return all
}

function rotate(env: Record<string, string>, args: string[]): ChildProcess & { output: () => string } {
  // tsx, with workspace packages resolved to their sources (no build needed).
  const script = join(PACKAGE, 'src', 'rotateKeys.ts')
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, ...args], {
    cwd: PACKAGE,
    env: {
      PATH: process.env.PATH,
      // The SQLite addon for this Node, when node_modules holds one built for another (CI's LTS lane).
      ...(process.env.PORTICO_SQLITE_ADDON ? { PORTICO_SQLITE_ADDON: process.env.PORTICO_SQLITE_ADDON } : {}),
      PORTICO_AUTH_FRAME_SQLITE_FILE: file,
      PORTICO_AUTH_FRAME_KEY: B.toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  child.stdout?.on('data', (d) => {
    text += d
  })
  child.stderr?.on('data', (d) => {
    text += d
  })
  return Object.assign(child, { output: () => text })
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )

describe('npm run rotate-keys', () => {
  it('refuses, changing nothing, while some key opens with no known server key, and names the user', async () => {
    const before = await rows()
    // Only B known: every row is under A.
    const child = rotate({}, ['--batch=50'])
    const { code } = await exited(child)
    expect(code, child.output()).toBe(1)
    expect(child.output()).toContain('refused, nothing changed')
    expect(child.output()).toContain(before[0]?.user_id)
    expect(await rows()).toEqual(before)
  })

  it('re-seals every key under the new key: a run killed midway loses nothing, and a re-run finishes', async () => {
    await expectAllOpen(createVault(A))
    const env = { PORTICO_AUTH_FRAME_OLD_KEYS: A.toString('hex') }
    const first = rotate(env, ['--batch=10', '--pause=40'])
    const done = exited(first)
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no progress: ${first.output()}`)), 30_000)
      first.stdout?.on('data', () => {
        if (/\d+ of \d+ checked/.test(first.output())) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
    first.kill('SIGKILL')
    expect((await done).signal).toBe('SIGKILL')

    const partly = await expectAllOpen(createVault(B, [A]))
    const underB = partly.filter((r) => r.sealed_key.startsWith(`v2.${keyId(B)}.`)).length
    expect(underB).toBeGreaterThan(0)
    expect(underB).toBeLessThan(USERS * 2)
    expect(partly.filter((r) => r.key_id === keyId(B))).toHaveLength(underB)

    const second = rotate(env, ['--batch=25'])
    const { code } = await exited(second)
    expect(code, second.output()).toBe(0)
    expect(second.output()).toContain(`${USERS * 2 - underB} re-sealed`)
    expect(second.output()).toContain('0 left under other keys')

    const rotated = await expectAllOpen(createVault(B))
    for (const row of rotated) {
      expect(row.sealed_key.startsWith(`v2.${keyId(B)}.`)).toBe(true)
      expect(row.key_id).toBe(keyId(B))
    }
    expect(() =>
      createVault(A).open(rotated[0]?.sealed_key ?? '', `${rotated[0]?.user_id}:${rotated[0]?.namespace}`),
    ).toThrow()

    // Nothing left to do: a third run changes nothing.
    const third = rotate(env, [])
    expect((await exited(third)).code, third.output()).toBe(0)
    expect(third.output()).toContain('done: 0 re-sealed')
    expect(await rows()).toEqual(rotated)
  })
})

describe('two rotations at once', () => {
  it('re-seal each key exactly once (compare-and-set), and every key still opens', async () => {
    const other = mkdtempSync(join(tmpdir(), 'portico-rotate-'))
    const otherFile = join(other, 'frame.sqlite')
    const otherStore = await openStore({ kind: 'sqlite', file: otherFile })
    try {
      await seed(otherStore)
      const env = {
        PORTICO_AUTH_FRAME_SQLITE_FILE: otherFile,
        PORTICO_AUTH_FRAME_OLD_KEYS: A.toString('hex'),
      }
      const runs = [rotate(env, ['--batch=5', '--pause=20']), rotate(env, ['--batch=5', '--pause=20'])]
      const codes = await Promise.all(runs.map(async (run) => (await exited(run)).code))
      expect(codes, runs.map((r) => r.output()).join('\n')).toEqual([0, 0])
      // Each key re-sealed by one run only; the other found it done.
      const resealed = runs.map((run) => Number(/done: (\d+) re-sealed/.exec(run.output())?.[1]))
      expect((resealed[0] ?? 0) + (resealed[1] ?? 0)).toBe(USERS * 2)
      for (const row of await expectAllOpen(createVault(B), otherStore)) expect(row.key_id).toBe(keyId(B))
    } finally {
      await otherStore.close()
      rmSync(other, { recursive: true, force: true })
    }
  })
})
