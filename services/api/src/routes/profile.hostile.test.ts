/**
 * Hostile review of POST /v1/profile/account: the signed message binds the chain (coin type), the
 * site and what is signed; registrations are budgeted per client IP and per project, in the database.
 */
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { join } from 'node:path'
import type { NameProfile } from '@portico/shared-types/api'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort, getJson, PROJECT, tempDir } from '../../test/helpers.ts'
import { coinType, nowSeconds, registration } from '../../test/profileHelpers.ts'
import type { ApiConfigInput } from '../config.ts'
import { type ApiServer, startApi } from '../index.ts'
import { clientKeyOf } from '../profile/clientKey.ts'
import type { ProfileErrorBody } from './profile.ts'

const OTHER_PROJECT = 'other-project'
let dir: ReturnType<typeof tempDir>
let rpcUrl: string
const servers: ApiServer[] = []

beforeAll(async () => {
  dir = tempDir('portico-api-profile-budget-')
  // EOA signatures are checked offline: the chain URL points at a closed port.
  rpcUrl = `http://127.0.0.1:${await freePort()}`
})
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
afterAll(() => dir?.remove())

async function api(
  input: ApiConfigInput = {},
  file = join(dir.dir, `${randomBytes(4).toString('hex')}.sqlite`),
) {
  const server = await startApi({
    port: 0,
    chains: [
      { chainId: 31337, rpcUrl },
      { chainId: 1, rpcUrl },
    ],
    database: { kind: 'sqlite', file },
    projectIds: [PROJECT, OTHER_PROJECT],
    indexer: { enabled: false },
    logLevel: 'silent',
    ...input,
  })
  servers.push(server)
  return server
}

type Answer = { status: number; body: { success?: boolean } & ProfileErrorBody }

/** POST /v1/profile/account from the local address `from` (127.0.0.x: another client IP). */
function register(
  server: ApiServer,
  body: unknown,
  from = '127.0.0.1',
  projectId = PROJECT,
): Promise<Answer> {
  const url = new URL(`${server.url}/v1/profile/account?projectId=${projectId}`)
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString()
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const lookup = (server: ApiServer, name: string) =>
  getJson<NameProfile>(`${server.url}/v1/profile/account/${name}?projectId=${PROJECT}&apiVersion=2`)
const fresh = () => privateKeyToAccount(generatePrivateKey())

async function expectRefused(answer: Promise<Answer>, status: number, reason: RegExp) {
  const res = await answer
  expect(res.status).toBe(status)
  expect(res.body.reasons?.[0]?.description).toMatch(reason)
  expect(res.body.message).toBe(res.body.reasons?.[0]?.description)
}

describe('the registration message binds the chain, the site and what is signed', () => {
  it('refuses a victim’s signature replayed under another coin type (1|0x80000000)', async () => {
    const server = await api()
    const victim = fresh()
    const signed = await registration(victim, 'victim-chain.reown.id')
    // The attacker submits the victim's message and signature first, under chain 1's coin type.
    await expectRefused(
      register(server, { ...signed, coin_type: coinType(1) }),
      400,
      /signed for coin type 2147514985, not for coin_type 2147483649/,
    )
    expect((await lookup(server, 'victim-chain.reown.id')).status).toBe(404)
    // The victim's own submission then registers it on the chain they signed for.
    expect((await register(server, signed)).body).toEqual({ success: true })
    expect(Object.keys((await lookup(server, 'victim-chain.reown.id')).body.addresses)).toEqual([
      String(coinType(31337)),
    ])
  })

  it('refuses the old message format (name, attributes, timestamp only): it binds no chain', async () => {
    const server = await api()
    const owner = fresh()
    const message = JSON.stringify({ name: 'old-format.reown.id', attributes: {}, timestamp: nowSeconds() })
    const body = {
      coin_type: coinType(31337),
      address: owner.address,
      message,
      signature: await owner.signMessage({ message }),
    }
    await expectRefused(register(server, body), 400, /must carry statement, domain, coin_type/)
    for (const field of ['statement', 'domain', 'coin_type']) {
      const without = await registration(owner, 'old-format.reown.id', { fields: { [field]: undefined } })
      await expectRefused(register(server, without), 400, new RegExp(`must carry ${field}`))
    }
    expect((await lookup(server, 'old-format.reown.id')).status).toBe(404)
  })

  it('refuses a statement that is missing, generic or names another name, site or chain', async () => {
    const server = await api()
    const owner = fresh()
    const name = 'statement-check.reown.id'
    for (const statement of [
      '',
      'Sign in',
      `Register other-name.reown.id as your account name on localhost:5173 (chain eip155:31337)`,
      `Register ${name} as your account name on evil.example (chain eip155:31337)`,
      `Register ${name} as your account name on localhost:5173 (chain eip155:1)`,
    ]) {
      const body = await registration(owner, name, { fields: { statement } })
      await expectRefused(register(server, body), 400, /message statement must be "Register statement-check/)
    }
    const numberAsText = await registration(owner, name, { fields: { coin_type: String(coinType(31337)) } })
    await expectRefused(register(server, numberAsText), 400, /must be JSON of exactly/)
    expect((await lookup(server, name)).status).toBe(404)
  })

  it('refuses a domain that is not one of the project’s origins, or not a host', async () => {
    const server = await api({ siwx: { origins: { [OTHER_PROJECT]: ['https://app.example.com'] } } })
    const owner = fresh()
    const from = (domain: string, name = 'domain-check.reown.id') => registration(owner, name, { domain })
    await expectRefused(
      register(server, await from('evil.example')),
      403,
      /cannot be registered from evil\.example with project "portico-dev"/,
    )
    await expectRefused(
      register(server, await from('localhost:5173'), '127.0.0.1', OTHER_PROJECT),
      403,
      /not one of the project's origins/,
    )
    for (const bad of ['LOCALHOST:5173', 'localhost:5173/path', 'user@localhost', 'localhost:5173?x', ''])
      await expectRefused(register(server, await from(bad)), 400, /host\[:port\] in lower case/)
    expect((await lookup(server, 'domain-check.reown.id')).status).toBe(404)
    // The project's own origin, and any localhost one for a project without a list, register.
    const ok = await register(
      server,
      await from('app.example.com', 'domain-ok.reown.id'),
      '127.0.0.1',
      OTHER_PROJECT,
    )
    expect(ok.body).toEqual({ success: true })
    expect((await register(server, await from('127.0.0.1:3000', 'domain-ok2.reown.id'))).body).toEqual({
      success: true,
    })
  })
})

describe('registration budgets', () => {
  it('40 names from 4 fresh keys on one IP: 10 stored (the default per-IP budget), then 429', async () => {
    const server = await api()
    const keys = [fresh(), fresh(), fresh(), fresh()]
    const bodies = await Promise.all(
      keys.flatMap((key, k) =>
        Array.from({ length: 10 }, (_, i) => registration(key, `squat-${k}-${i}.reown.id`)),
      ),
    )
    const answers = await Promise.all(bodies.map((body) => register(server, body)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10)
    const refused = answers.filter((a) => a.status !== 200)
    expect(refused).toHaveLength(30)
    for (const a of refused) {
      expect(a.status).toBe(429)
      expect(a.body.reasons[0]?.description).toBe(
        'Too many names registered from this IP address: at most 10 in an hour. Try again later',
      )
    }
    // Another client IP is not held back by this one.
    expect(
      (await register(server, await registration(fresh(), 'other-ip.reown.id'), '127.0.0.2')).status,
    ).toBe(200)
  })

  it('caps a project across client IPs; another project keeps its own budget', async () => {
    const server = await api({ nameRegistrations: { perIp: 2, perProject: 5 } })
    const ips = ['127.0.0.11', '127.0.0.12', '127.0.0.13']
    let stored = 0
    for (const [i, ip] of ips.entries())
      for (let n = 0; n < 2; n++) {
        const res = await register(server, await registration(fresh(), `proj-${i}-${n}.reown.id`), ip)
        if (res.status === 200) stored++
        else
          await expectRefused(
            Promise.resolve(res),
            429,
            /^Too many names registered with project "portico-dev": at most 5 in an hour/,
          )
      }
    expect(stored).toBe(5)
    await expectRefused(
      register(server, await registration(fresh(), 'proj-new-ip.reown.id'), '127.0.0.14'),
      429,
      /with project "portico-dev"/,
    )
    const other = await register(
      server,
      await registration(fresh(), 'other-proj.reown.id'),
      '127.0.0.14',
      OTHER_PROJECT,
    )
    expect(other.body).toEqual({ success: true })
  })

  it('counts only stored names, and the budget outlives a restart (it is kept in the database)', async () => {
    const file = join(dir.dir, 'restart.sqlite')
    let server = await api({ nameRegistrations: { perIp: 2 } }, file)
    const owner = fresh()
    const first = await registration(owner, 'kept-one.reown.id')
    expect((await register(server, first)).status).toBe(200)
    // A refused attempt (taken) costs nothing.
    await expectRefused(register(server, first), 409, /already registered to this address/)
    expect((await register(server, await registration(owner, 'kept-two.reown.id'))).status).toBe(200)
    await server.close()
    servers.splice(servers.indexOf(server), 1)
    server = await api({ nameRegistrations: { perIp: 2 } }, file)
    await expectRefused(
      register(server, await registration(fresh(), 'kept-three.reown.id')),
      429,
      /from this IP address: at most 2 in an hour/,
    )
  })

  it('keys an IPv6 client by its /64 and an IPv4-mapped one by its IPv4 address', () => {
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(clientKeyOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(clientKeyOf('2001:0DB8:0001:0003::1')).toBe('2001:db8:1:3::/64')
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64')
    expect(clientKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7')
  })
})

const pgUrl = process.env.PORTICO_TEST_DATABASE_URL

describe.skipIf(!pgUrl)('registration budgets on PostgreSQL, two API nodes', () => {
  it('holds across nodes sharing the database, under concurrent registrations', async () => {
    const schema = `portico_names_${randomBytes(6).toString('hex')}`
    const database = { kind: 'postgres' as const, url: pgUrl ?? '', schema }
    const [a, b] = [
      await api({ database, nameRegistrations: { perIp: 6 } }),
      await api({ database, nameRegistrations: { perIp: 6 } }),
    ]
    const bodies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => registration(fresh(), `pg-node-${i}.reown.id`)),
    )
    const answers = await Promise.all(
      bodies.map((body, i) => register(i % 2 ? (a as ApiServer) : (b as ApiServer), body)),
    )
    expect(answers.filter((x) => x.status === 200)).toHaveLength(6)
    expect(answers.filter((x) => x.status === 429)).toHaveLength(14)
  })
})
