import { join } from 'node:path'
import type { ApiErrorBody, CreateSessionResponse, SessionsResponse } from '@portico/shared-types/api'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import { freePort, getJson, PROJECT, postJson, signedSessionBody, tempDir } from './helpers.ts'

let api: ApiServer
let dir: ReturnType<typeof tempDir>
const q = `projectId=${PROJECT}`
const permission = {
  permissionType: 'contract-call',
  data: '0x1234',
  required: true,
  onChainValidated: false,
}
const now = () => Math.floor(Date.now() / 1000)

beforeAll(async () => {
  dir = tempDir('portico-api-sessions-hostile-')
  // EOA signatures are checked offline: no chain is needed (the URL points at a closed port).
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    projectIds: [PROJECT, 'other-project'],
    sessions: { maxPerAddress: 3 },
    indexer: { enabled: false },
    logLevel: 'silent',
  })
})

afterAll(async () => {
  await api?.close()
  dir?.remove()
})

const create = (address: string, body: unknown, query = q) =>
  postJson<CreateSessionResponse & ApiErrorBody>(`${api.url}/v1/sessions/${address}?${query}`, body)
const sessionsOf = async (address: string) =>
  (await getJson<SessionsResponse>(`${api.url}/v1/sessions/${address}?${q}`)).body.pcis

describe('POST /v1/sessions/{address} under attack', () => {
  it('refuses the unsigned request of the report (expiry -1, a <script> payload), storing nothing', async () => {
    const victim = privateKeyToAccount(generatePrivateKey()).address
    const attack = await create(victim, {
      permission: { ...permission, permissionType: '<script>alert(1)</script>' },
      expiry: -1,
    })
    expect(attack.status).toBe(400)
    const unsigned = await create(victim, { permission, expiry: now() + 60, issuedAt: now() })
    expect(unsigned.status).toBe(400)
    expect(unsigned.body.message).toMatch(/signature is required/)
    expect(await sessionsOf(victim)).toEqual([])
  })

  it('refuses a script or non-hex payload even when signed', async () => {
    const key = generatePrivateKey()
    const { address } = privateKeyToAccount(key)
    for (const bad of [
      { ...permission, permissionType: '<script>alert(1)</script>' },
      { ...permission, data: '<script>alert(1)</script>' },
      { ...permission, data: `0x${'ab'.repeat(10_001)}` },
    ]) {
      const r = await create(address, await signedSessionBody(key, bad))
      expect(r.status, JSON.stringify(bad).slice(0, 80)).toBe(400)
      expect(r.body.message).toMatch(/permission\.(permissionType|data) must be/)
    }
    expect(await sessionsOf(address)).toEqual([])
  })

  it('refuses a signature by another key, for another project or over another permission', async () => {
    const key = generatePrivateKey()
    const { address } = privateKeyToAccount(key)
    const byStranger = await signedSessionBody(generatePrivateKey(), permission)
    expect((await create(address, byStranger)).status).toBe(401)
    const forOtherProject = await signedSessionBody(key, permission, { projectId: 'other-project' })
    expect((await create(address, forOtherProject)).status).toBe(401)
    const signed = await signedSessionBody(key, permission)
    const swapped = await create(address, { ...signed, permission: { ...permission, data: '0xdead' } })
    expect(swapped.status).toBe(401)
    expect(swapped.body.message).toMatch(/Signature does not match/)
    expect(await sessionsOf(address)).toEqual([])
  })

  it('wants an expiry in the future and within the longest lifetime, and a fresh signature', async () => {
    const key = generatePrivateKey()
    const { address } = privateKeyToAccount(key)
    const past = await create(address, await signedSessionBody(key, permission, { expiry: now() - 1 }))
    expect(past.status).toBe(400)
    expect(past.body.message).toMatch(/expiry must be in the future/)
    const tooLong = await create(
      address,
      await signedSessionBody(key, permission, { expiry: now() + 31 * 86_400 }),
    )
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.message).toMatch(/expiry must be at most/)
    const stale = await create(
      address,
      await signedSessionBody(key, permission, { issuedAt: now() - 3600, expiry: now() + 3600 }),
    )
    expect(stale.status).toBe(400)
    expect(stale.body.message).toMatch(/issuedAt must be within/)
    expect(await sessionsOf(address)).toEqual([])
  })

  it('creates one session per signed request: a replay answers the same pci', async () => {
    const key = generatePrivateKey()
    const { address } = privateKeyToAccount(key)
    const body = await signedSessionBody(key, permission)
    const first = await create(address, body)
    expect(first.status).toBe(201)
    const replay = await create(address, body)
    expect(replay.status).toBe(200)
    expect(replay.body.pci).toBe(first.body.pci)
    expect((await sessionsOf(address)).map((s) => s.pci)).toEqual([first.body.pci])
  })

  it('caps the live sessions of an address; a revoked one frees its place', async () => {
    const key = generatePrivateKey()
    const signer = privateKeyToAccount(key)
    const pcis: string[] = []
    for (let i = 0; i < 3; i++) {
      const r = await create(signer.address, await signedSessionBody(key, { ...permission, data: `0x0${i}` }))
      expect(r.status).toBe(201)
      pcis.push(r.body.pci)
    }
    const over = await create(signer.address, await signedSessionBody(key, { ...permission, data: '0x09' }))
    expect(over.status).toBe(409)
    expect(over.body.message).toMatch(/already has 3 live sessions/)
    const pci = pcis[0] ?? ''
    const revoke = await postJson(`${api.url}/v1/sessions/${signer.address}/revoke?${q}`, {
      pci,
      signature: await signer.signMessage({ message: pci }),
    })
    expect(revoke.status).toBe(200)
    const again = await create(signer.address, await signedSessionBody(key, { ...permission, data: '0x09' }))
    expect(again.status).toBe(201)
  })
})
