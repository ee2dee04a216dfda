import type { Devnet } from '@portico/devnet'
import type { IdentityResponse, NameProfile, NameSuggestionsResponse } from '@portico/shared-types/api'
import { type Address, getContractAddress, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { serializeErc6492Signature } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiServer, startApi } from '../src/index.ts'
import type { ProfileErrorBody } from '../src/routes/profile.ts'
import { getJson, PROJECT, postJson, startEvmDevnet, tempDir } from './helpers.ts'
import { coinType, registration } from './profileHelpers.ts'

let devnet: Devnet
let api: ApiServer
let dir: ReturnType<typeof tempDir>
const q = `projectId=${PROJECT}`

beforeAll(async () => {
  dir = tempDir('portico-api-profile-')
  devnet = await startEvmDevnet({ chains: [{ chainId: 31337, port: 0 }], fixtures: false })
  api = await startApi({
    port: 0,
    chains: devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    database: { kind: 'sqlite', file: `${dir.dir}/api.sqlite` },
    projectIds: [PROJECT],
    indexer: { enabled: false },
    logLevel: 'silent',
  })
})

afterAll(async () => {
  await api?.close()
  await devnet?.stop()
  dir?.remove()
})

const fresh = () => privateKeyToAccount(generatePrivateKey())
const register = (body: unknown) =>
  postJson<{ success: boolean } & ProfileErrorBody>(`${api.url}/v1/profile/account?${q}`, body)
const get = <T>(path: string) =>
  getJson<T & ProfileErrorBody>(`${api.url}${path}${path.includes('?') ? '&' : '?'}${q}`)

async function rpc(method: string, params: unknown[]): Promise<void> {
  const res = await fetch(devnet.chains[0]?.rpcUrl ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
}

/** Runtime code whose isValidSignature answers `magic` for any hash and signature (ERC-1271). */
const erc1271Code = (magic: string): Hex => `0x63${magic}60e01b60005260206000f3`

/** A factory whose every call CREATEs an account with `erc1271Code('1626ba7e')` as its code. */
const ALWAYS_VALID_INIT = '6f631626ba7e60e01b60005260206000f360005260106010f3'
const FACTORY_CODE: Hex = `0x78${ALWAYS_VALID_INIT}600052601960076000f060005260206000f3`

describe('/v1/profile', () => {
  it('registers a signed name; lookup, reverse and identity answer it', async () => {
    const owner = fresh()
    const body = await registration(owner, 'Alice-Names.reown.id', {
      attributes: { bio: 'hello', avatar: 'https://example.com/alice.png' },
    })
    expect(await register(body)).toMatchObject({ status: 200, body: { success: true } })

    const profile = await get<NameProfile>('/v1/profile/account/alice-names.reown.id?apiVersion=2')
    expect(profile.status).toBe(200)
    expect(profile.body).toMatchObject({
      name: 'alice-names.reown.id',
      addresses: { [String(coinType(31337))]: { address: owner.address } },
      attributes: [{ bio: 'hello', avatar: 'https://example.com/alice.png' }],
    })
    const reverse = await get<NameProfile[]>(
      `/v1/profile/reverse/${owner.address.toLowerCase()}?apiVersion=2`,
    )
    expect(reverse.body.map((p) => p.name)).toEqual(['alice-names.reown.id'])
    expect((await get<IdentityResponse>(`/v1/identity/${owner.address}`)).body).toEqual({
      name: 'alice-names.reown.id',
      avatar: 'https://example.com/alice.png',
    })
  })

  it('answers 404 with a reason for a name nobody registered', async () => {
    const res = await get<NameProfile>('/v1/profile/account/nobody-here.wcn.id')
    expect(res.status).toBe(404)
    expect(res.body.reasons[0]?.description).toBe('Name nobody-here.wcn.id is not registered')
  })

  it('suggests the wanted name with its registered flag, then free variants in the zone', async () => {
    await register(await registration(fresh(), 'suggest.reown.id'))
    const taken = await get<NameSuggestionsResponse>('/v1/profile/suggestions/suggest?zone=reown.id')
    expect(taken.body.suggestions[0]).toEqual({ name: 'suggest.reown.id', registered: true })
    expect(taken.body.suggestions.length).toBeGreaterThan(1)
    expect(taken.body.suggestions.slice(1).every((s) => !s.registered && s.name.endsWith('.reown.id'))).toBe(
      true,
    )
    const free = await get<NameSuggestionsResponse>('/v1/profile/suggestions/suggest?zone=wcn.id')
    expect(free.body.suggestions[0]).toEqual({ name: 'suggest.wcn.id', registered: false })
    const bad = await get<NameSuggestionsResponse>('/v1/profile/suggestions/ab')
    expect(bad.status).toBe(400)
    expect(bad.body.reasons[0]?.description).toMatch(/at least 4 characters/)
  })

  it('accepts smart accounts (ERC-1271 deployed, ERC-6492 counterfactual) the chain vouches for, refuses others', async () => {
    const owner = fresh()
    const yes = fresh().address as Address
    const no = fresh().address as Address
    await rpc('anvil_setCode', [yes, erc1271Code('1626ba7e')])
    await rpc('anvil_setCode', [no, erc1271Code('ffffffff')])
    expect((await register(await registration(owner, 'smart-yes.reown.id', { address: yes }))).status).toBe(
      200,
    )
    expect((await get<IdentityResponse>(`/v1/identity/${yes}`)).body.name).toBe('smart-yes.reown.id')
    const refused = await register(await registration(owner, 'smart-no.reown.id', { address: no }))
    expect(refused.status).toBe(401)
    expect(refused.body.reasons[0]?.description).toMatch(/Signature does not match/)
    // ERC-6492: a smart account not deployed yet, its signature wrapped with the factory call.
    const factory = fresh().address as Address
    await rpc('anvil_setCode', [factory, FACTORY_CODE])
    await rpc('anvil_setNonce', [factory, '0x1'])
    const counterfactual = getContractAddress({ from: factory, nonce: 1n })
    const inner = await registration(owner, 'smart-later.reown.id', { address: counterfactual })
    const wrapped = serializeErc6492Signature({ address: factory, data: '0x', signature: inner.signature })
    expect((await register({ ...inner, signature: wrapped })).status).toBe(200)
    expect((await get<IdentityResponse>(`/v1/identity/${counterfactual}`)).body.name).toBe(
      'smart-later.reown.id',
    )
    // The same wrapping for an address the factory does not deploy is refused.
    const elsewhere = getContractAddress({ from: factory, nonce: 5n })
    const stray = await registration(owner, 'smart-stray.reown.id', { address: elsewhere })
    const strayWrapped = serializeErc6492Signature({
      address: factory,
      data: '0x',
      signature: stray.signature,
    })
    expect((await register({ ...stray, signature: strayWrapped })).status).toBe(401)
    // The chain the coin type names is the one asked: 31338 is not served, so no contract check.
    const otherChain = await register(
      await registration(owner, 'smart-other.reown.id', { address: yes, chainId: 31338 }),
    )
    expect(otherChain.status).toBe(401)
  })
})
