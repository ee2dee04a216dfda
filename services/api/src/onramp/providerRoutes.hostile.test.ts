import { join } from 'node:path'
import type { OnrampUrlResponse } from '@portico/shared-types/api'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, getJson, PROJECT, postJson, tempDir } from '../../test/helpers.ts'
import { ONRAMP_SECRET, orderIdOf, PAGE_URL, providerCall } from '../../test/onrampHelpers.ts'
import { type ApiServer, startApi } from '../index.ts'
import { SIGNATURE_HEADER, signProviderCall } from './signature.ts'
import type { OnrampOrderView } from './view.ts'

let api: ApiServer
let dir: ReturnType<typeof tempDir>
const buyer = privateKeyToAccount(generatePrivateKey()).address
const HASH_A = `0x${'a1'.repeat(32)}`
const HASH_B = `0x${'c3'.repeat(32)}`
const HASH_C = `0x${'d4'.repeat(32)}`

beforeAll(async () => {
  dir = tempDir('portico-api-onramp-replay-')
  // No chain needs to answer: nothing here completes an order, and ETH has a fixed fixture price.
  api = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    fixtures: { '31337': { prices: { ETH: 3000 } } },
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    indexer: { enabled: false },
    logLevel: 'silent',
    rpcTimeoutMs: 500,
    onramp: { pageUrl: PAGE_URL, secret: ONRAMP_SECRET },
  })
})
afterAll(async () => {
  await api?.close()
  dir?.remove()
})

const newOrder = async () => {
  const r = await postJson<OnrampUrlResponse>(`${api.url}/v1/generators/onrampurl?projectId=${PROJECT}`, {
    destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: ['eth'] }],
    defaultNetwork: 'eip155:31337',
    partnerUserId: 'u1',
    presetFiatAmount: 100,
  })
  expect(r.status).toBe(201)
  return orderIdOf(r.body.url)
}
/** One signed request (as captured on the wire), to send as often as an attacker likes. */
const captured = (method: 'GET' | 'POST', path: string) => {
  const header = signProviderCall(ONRAMP_SECRET, method, path)
  return () =>
    getJson<OnrampOrderView & { message?: string }>(`${api.url}${path}`, {
      method,
      headers: { [SIGNATURE_HEADER]: header },
    })
}
const read = async (id: string) => (await providerCall(api.url, 'GET', `/provider/onramp/orders/${id}`)).body

describe('signed provider calls cannot be replayed', () => {
  it('takes the same signed request once: the second is refused with 409 and changes nothing', async () => {
    const id = await newOrder()
    const get = captured('GET', `/provider/onramp/orders/${id}`)
    expect((await get()).status).toBe(200)
    const again = await get()
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/already used/)

    const claim = captured('POST', `/provider/onramp/orders/${id}/claim`)
    expect((await claim()).status).toBe(200)
    const release = captured('POST', `/provider/onramp/orders/${id}/release`)
    expect((await release()).status).toBe(200)
    expect((await read(id)).status).toBe('pending')
    // Replaying the claim would take the order from another payment; it is refused as a replay.
    const replayed = await claim()
    expect(replayed.status).toBe(409)
    expect(replayed.body.message).toMatch(/already used/)
    expect((await read(id)).status).toBe('pending')
  })

  it('a release replayed while the order is being paid does not re-open it, before or after the broadcast', async () => {
    const id = await newOrder()
    const path = `/provider/onramp/orders/${id}`
    // An earlier attempt: claimed, then released (the attacker keeps that release).
    expect((await providerCall(api.url, 'POST', `${path}/claim`)).status).toBe(200)
    const release = captured('POST', `${path}/release`)
    expect((await release()).status).toBe(200)

    // The next payment claims it: a replayed release between the claim and the broadcast is refused.
    expect((await providerCall(api.url, 'POST', `${path}/claim`)).status).toBe(200)
    const early = await release()
    expect(early.status).toBe(409)
    expect(early.body.message).toMatch(/already used/)
    expect((await read(id)).status).toBe('processing')

    // Its delivery is recorded and sent: the replay is still refused and the order stays processing.
    expect((await providerCall(api.url, 'POST', `${path}/delivery/7/${HASH_A}`)).status).toBe(200)
    expect((await release()).status).toBe(409)
    expect(await read(id)).toMatchObject({
      status: 'processing',
      deliveryNonce: 7,
      txHash: HASH_A,
      deliveryTxHashes: [HASH_A],
    })
  })

  it('keeps the timestamp window: a correctly signed call from 301 s ago is refused with 401', async () => {
    const id = await newOrder()
    const path = `/provider/onramp/orders/${id}`
    const stale = signProviderCall(ONRAMP_SECRET, 'GET', path, Date.now() - 301_000)
    const r = await getJson<{ message: string }>(`${api.url}${path}`, {
      headers: { [SIGNATURE_HEADER]: stale },
    })
    expect(r.status).toBe(401)
  })
})

describe('an order whose delivery was broadcast', () => {
  it('is never released, takes replacements at the same nonce only, and completes by a recorded hash only', async () => {
    const id = await newOrder()
    const path = `/provider/onramp/orders/${id}`
    // No delivery is recorded on an order nobody claimed.
    expect((await providerCall(api.url, 'POST', `${path}/delivery/3/${HASH_B}`)).status).toBe(409)
    await providerCall(api.url, 'POST', `${path}/claim`)
    expect((await providerCall(api.url, 'POST', `${path}/delivery/3/${HASH_B}`)).status).toBe(200)
    // The same record again (an answer lost on the way) is harmless.
    expect((await providerCall(api.url, 'POST', `${path}/delivery/3/${HASH_B}`)).status).toBe(200)

    const release = await providerCall(api.url, 'POST', `${path}/release`)
    expect(release.status).toBe(409)
    expect(release.body.message).toMatch(/delivery was broadcast/)

    const otherNonce = await providerCall(api.url, 'POST', `${path}/delivery/4/${HASH_C}`)
    expect(otherNonce.status).toBe(409)
    expect(otherNonce.body.message).toMatch(/nonce 3/)
    expect((await providerCall(api.url, 'POST', `${path}/delivery/3/${HASH_C}`)).status).toBe(200)
    expect(await read(id)).toMatchObject({
      status: 'processing',
      deliveryNonce: 3,
      txHash: HASH_C,
      deliveryTxHashes: [HASH_B, HASH_C].sort(),
    })

    const stranger = await providerCall(api.url, 'POST', `${path}/complete/0x${'e5'.repeat(32)}`)
    expect(stranger.status).toBe(409)
    expect(stranger.body.message).toMatch(/not a recorded delivery/)
    // Listed for the provider's sweep.
    const listed = await getJson<{ orders: OnrampOrderView[] }>(`${api.url}/provider/onramp/deliveries`, {
      headers: { [SIGNATURE_HEADER]: signProviderCall(ONRAMP_SECRET, 'GET', '/provider/onramp/deliveries') },
    })
    expect(listed.body.orders.map((o) => o.id)).toContain(id)
  })

  it('refuses malformed nonces and hashes', async () => {
    const id = await newOrder()
    const path = `/provider/onramp/orders/${id}`
    await providerCall(api.url, 'POST', `${path}/claim`)
    expect((await providerCall(api.url, 'POST', `${path}/delivery/-1/${HASH_B}`)).status).toBe(400)
    expect((await providerCall(api.url, 'POST', `${path}/delivery/1e9/${HASH_B}`)).status).toBe(400)
    expect((await providerCall(api.url, 'POST', `${path}/delivery/1/0x1234`)).status).toBe(400)
    // A transaction recorded for another order is refused.
    const taken = await providerCall(api.url, 'POST', `${path}/delivery/1/${HASH_A}`)
    expect(taken.status).toBe(409)
    expect(taken.body.message).toMatch(/another order/)
    expect((await read(id)).deliveryNonce).toBeNull()
  })
})
