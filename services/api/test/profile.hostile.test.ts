import { join } from 'node:path'
import type { IdentityResponse, NameProfile } from '@portico/shared-types/api'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import type { ProfileErrorBody } from '../src/routes/profile.ts'
import { freePort, getJson, PROJECT, postJson, tempDir } from './helpers.ts'
import { nowSeconds, registration } from './profileHelpers.ts'

let api: ApiServer
let dir: ReturnType<typeof tempDir>
const q = `projectId=${PROJECT}`

beforeAll(async () => {
  dir = tempDir('portico-api-profile-hostile-')
  // EOA signatures are checked offline: the chain URL points at a closed port.
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    projectIds: [PROJECT],
    indexer: { enabled: false },
    logLevel: 'silent',
    // Budgets have their own suite (src/routes/profile.hostile.test.ts); these cases register more.
    nameRegistrations: { perIp: 100 },
  })
})

afterAll(async () => {
  await api?.close()
  dir?.remove()
})

const fresh = () => privateKeyToAccount(generatePrivateKey())
const register = (body: unknown) =>
  postJson<{ success: boolean } & ProfileErrorBody>(`${api.url}/v1/profile/account?${q}`, body)
const lookup = (name: string) =>
  getJson<NameProfile & ProfileErrorBody>(
    `${api.url}/v1/profile/account/${encodeURIComponent(name)}?${q}&apiVersion=2`,
  )
const identity = async (address: string) =>
  (await getJson<IdentityResponse>(`${api.url}/v1/identity/${address}?${q}`)).body

/** Refused with `status`, a reason the SDK shows, and nothing stored under `name`. */
async function expectRefused(body: unknown, status: number, reason: RegExp, name?: string) {
  const res = await register(body)
  expect(res.status).toBe(status)
  expect(res.body.reasons[0]?.description).toMatch(reason)
  expect(res.body.message).toBe(res.body.reasons[0]?.description)
  if (name) expect((await lookup(name)).status).toBe(404)
}

describe('POST /v1/profile/account under attack', () => {
  it('refuses a signature made by another address', async () => {
    const victim = fresh()
    const attacker = fresh()
    const body = await registration(attacker, 'victim-name.reown.id', { address: victim.address })
    await expectRefused(body, 401, /Signature does not match/, 'victim-name.reown.id')
    expect(await identity(victim.address)).toEqual({ name: null, avatar: null })
  })

  it('refuses a signature over another message (the name swapped after signing)', async () => {
    const owner = fresh()
    const body = await registration(owner, 'signed-name.reown.id')
    const swapped = { ...body, message: body.message.replaceAll('signed-name', 'other-name') }
    await expectRefused(swapped, 401, /Signature does not match/, 'other-name.reown.id')
  })

  it('refuses a replayed registration and a stale or future-dated message', async () => {
    const owner = fresh()
    const body = await registration(owner, 'replayed.reown.id')
    expect((await register(body)).body).toEqual({ success: true })
    await expectRefused(body, 409, /already registered to this address/)
    const stale = await registration(owner, 'stale-name.reown.id', { timestamp: nowSeconds() - 3600 })
    await expectRefused(stale, 400, /more than 600 seconds ago/, 'stale-name.reown.id')
    const future = await registration(owner, 'future-name.reown.id', { timestamp: nowSeconds() + 3600 })
    await expectRefused(future, 400, /in the future/, 'future-name.reown.id')
  })

  it('never hands a taken name to someone else, in any letter case', async () => {
    const owner = fresh()
    const thief = fresh()
    expect((await register(await registration(owner, 'taken-name.reown.id'))).body).toEqual({ success: true })
    await expectRefused(
      await registration(thief, 'taken-name.reown.id'),
      409,
      /Name taken-name.reown.id is already taken/,
    )
    await expectRefused(await registration(thief, 'TAKEN-Name.reown.id'), 409, /is already taken/)
    expect((await lookup('taken-name.reown.id')).body.addresses).toEqual({
      [String((31337 | 0x80000000) >>> 0)]: expect.objectContaining({ address: owner.address }),
    })
    expect(await identity(thief.address)).toEqual({ name: null, avatar: null })
  })

  it('refuses unicode lookalikes and encoded names of a taken name', async () => {
    const owner = fresh()
    const thief = fresh()
    await register(await registration(owner, 'paypal.reown.id'))
    for (const lookalike of ['p\u0430ypal.reown.id', '\uff50aypal.reown.id', 'xn--pypal-4ve.reown.id'])
      await expectRefused(await registration(thief, lookalike), 400, /Invalid name/)
    expect((await lookup('p\u0430ypal.reown.id')).status).toBe(400)
  })

  it('refuses huge, nested or numerous attributes and oversized messages', async () => {
    const owner = fresh()
    const nested = await registration(owner, 'nested-attrs.reown.id', {
      attributes: { bio: JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`) },
    })
    await expectRefused(nested, 400, /message: at most 2048 characters/, 'nested-attrs.reown.id')
    const shallowNested = await registration(owner, 'nested-two.reown.id', {
      attributes: { bio: { a: 'b' } },
    })
    await expectRefused(shallowNested, 400, /no nested values/, 'nested-two.reown.id')
    const huge = await registration(owner, 'huge-attrs.reown.id', { attributes: { bio: 'x'.repeat(1000) } })
    await expectRefused(huge, 400, /at most 256 characters/, 'huge-attrs.reown.id')
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v']))
    await expectRefused(
      await registration(owner, 'many-attrs.reown.id', { attributes: many }),
      400,
      /at most 8 entries/,
    )
    const body = await registration(owner, 'big-body.reown.id')
    // Past the server's body limit: refused before routing (the SDK then shows 'Error registering name …').
    const tooBig = await register({ ...body, message: body.message + ' '.repeat(300_000) })
    expect(tooBig.status).toBe(413)
    expect((await lookup('big-body.reown.id')).status).toBe(404)
  })

  it('refuses coin types off behaviour §5, names without a suffix or too short, and malformed bodies', async () => {
    const owner = fresh()
    const good = await registration(owner, 'coin-check.reown.id')
    await expectRefused({ ...good, coin_type: 60 }, 400, /high bit set/)
    await expectRefused({ ...good, coin_type: 2 ** 32 + 5 }, 400, /high bit set/)
    await expectRefused({ ...good, coin_type: '2147514985' }, 400, /coin_type must be a number/)
    await expectRefused(await registration(owner, 'abc.reown.id'), 400, /at least 4 characters/)
    await expectRefused(await registration(owner, 'no-suffix'), 400, /must end with .reown.id or .wcn.id/)
    await expectRefused({ ...good, signature: 'nope' }, 400, /signature must be a 0x hex string/)
    await expectRefused({ ...good, address: 'bob' }, 400, /Invalid address/)
    await expectRefused([], 400, /coin_type is required/)
    await expectRefused('x', 400, /body must be a JSON object/)
    expect((await lookup('coin-check.reown.id')).status).toBe(404)
  })

  it('caps the names one address may hold', async () => {
    const squatter = fresh()
    for (let i = 0; i < 10; i++)
      expect((await register(await registration(squatter, `squat-${i}.reown.id`))).status).toBe(200)
    await expectRefused(
      await registration(squatter, 'squat-10.reown.id'),
      409,
      /already holds 10 names/,
      'squat-10.reown.id',
    )
  })
})
