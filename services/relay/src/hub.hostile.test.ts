/** Quotas per connection, client id and IP: over a cap → a clear error, existing state untouched. */
import { generateKeyPair } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { clientOf, relayFor, topic, until } from '../test/testkit.ts'
import { connectRelayClient, type RelayConnectError, type RelayRpcError } from './client.ts'

const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('was accepted')
    },
    (e: unknown) => e as RelayConnectError,
  )
const rpcError = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('was accepted')
    },
    (e: unknown) => e as RelayRpcError,
  )

describe('quotas: sockets', () => {
  it('per client id: one more socket is refused (429, or close 1013 for the SDK); the others stay', async () => {
    const relay = await relayFor({ limits: { maxSocketsPerClient: 2 } })
    const keyPair = generateKeyPair()
    const [a, b] = [await clientOf(relay, { keyPair }), await clientOf(relay, { keyPair })]
    const http = await refusalOf(connectRelayClient(relay.url, { keyPair }))
    expect(http.refusal).toMatchObject({ status: 429 })
    expect(http.refusal.body).toContain('Quota exceeded: at most 2 sockets per client id')
    const sdk = await refusalOf(connectRelayClient(relay.url, { keyPair, useOnCloseEvent: true }))
    expect(sdk.refusal).toEqual({
      closeCode: 1013,
      closeReason: 'Quota exceeded: at most 2 sockets per client id',
    })
    expect(await a.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
    expect(await b.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
    // Another client id is not affected; a closed socket frees its slot.
    await clientOf(relay)
    await a.close()
    await until('the relay to see the close', () => relay.stats().connections === 2)
    await clientOf(relay, { keyPair })
    expect(relay.stats().quotaRefusals).toBe(2)
  })

  it('per IP address', async () => {
    const relay = await relayFor({ limits: { maxSocketsPerIp: 3 } })
    for (let i = 0; i < 3; i++) await clientOf(relay)
    const refused = await refusalOf(connectRelayClient(relay.url))
    expect(refused.refusal.body).toContain('at most 3 sockets per IP address')
    expect(relay.stats().connections).toBe(3)
  })
})

describe('quotas: subscriptions', () => {
  it('per connection: a batch that would pass the cap is refused whole', async () => {
    const relay = await relayFor({ limits: { maxSubscriptionsPerConnection: 3 } })
    const c = await clientOf(relay)
    const [t1, t2] = [topic(), topic()]
    await c.request('irn_batchSubscribe', { topics: [t1, t2] })
    const e = await rpcError(c.request('irn_batchSubscribe', { topics: [t1, topic(), topic()] }))
    expect(e).toMatchObject({
      code: -32005,
      message: 'Quota exceeded: at most 3 subscriptions per connection',
    })
    expect(relay.stats().subscriptions).toBe(2)
    // Subscribing again to a topic it has costs nothing; one more fits.
    await c.request('irn_subscribe', { topic: t1 })
    await c.request('irn_subscribe', { topic: topic() })
    await expect(c.request('irn_subscribe', { topic: topic() })).rejects.toMatchObject({ code: -32005 })
    // wc_proposeSession subscribes too: refused before anything is stored.
    const pairingTopic = topic()
    await expect(
      c.request('wc_proposeSession', { pairingTopic, sessionProposal: 'p', ttl: 60 }),
    ).rejects.toMatchObject({ code: -32005 })
    const other = await clientOf(relay)
    expect(await other.request('irn_fetchMessages', { topic: pairingTopic })).toEqual({
      messages: [],
      hasMore: false,
    })
    expect(relay.stats().subscriptions).toBe(3)
  })

  it('per client id over its sockets, and per IP address', async () => {
    const relay = await relayFor({ limits: { maxSubscriptionsPerClient: 3, maxSubscriptionsPerIp: 5 } })
    const keyPair = generateKeyPair()
    const [a, b] = [await clientOf(relay, { keyPair }), await clientOf(relay, { keyPair })]
    await a.request('irn_batchSubscribe', { topics: [topic(), topic()] })
    await b.request('irn_subscribe', { topic: topic() })
    await expect(b.request('irn_subscribe', { topic: topic() })).rejects.toMatchObject({
      code: -32005,
      message: 'Quota exceeded: at most 3 subscriptions per client id',
    })
    const c = await clientOf(relay)
    await c.request('irn_batchSubscribe', { topics: [topic(), topic()] })
    await expect(c.request('irn_subscribe', { topic: topic() })).rejects.toMatchObject({
      message: 'Quota exceeded: at most 5 subscriptions per IP address',
    })
    // Unsubscribing gives the slot back.
    await a.close()
    await until('the relay to see the close', () => relay.stats().connections === 2)
    expect(await c.request('irn_subscribe', { topic: topic() })).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('quotas: stored bytes', () => {
  const fetchAll = async (relay: Awaited<ReturnType<typeof relayFor>>, t: string) =>
    (
      await (
        await clientOf(relay)
      ).request<{ messages: Array<{ message: string }> }>('irn_fetchMessages', {
        topic: t,
      })
    ).messages.map((m) => m.message)

  it('per client id: a publish past the cap is refused and stores nothing; a batch is all or none', async () => {
    const relay = await relayFor({ limits: { maxStoredBytesPerClient: 1000 } })
    const c = await clientOf(relay)
    const t = topic() // 64 characters, counted with each message
    await c.request('irn_publish', { topic: t, message: 'a'.repeat(500), ttl: 60 })
    const e = await rpcError(c.request('irn_publish', { topic: t, message: 'b'.repeat(500), ttl: 60 }))
    expect(e.code).toBe(-32005)
    expect(e.message).toBe('Quota exceeded: this client id already stores 564 bytes (cap 1000)')
    await expect(
      c.request('irn_batchPublish', {
        messages: [
          { topic: t, message: 'c'.repeat(100), ttl: 60 },
          { topic: t, message: 'd'.repeat(400), ttl: 60 },
        ],
      }),
    ).rejects.toMatchObject({ code: -32005 })
    expect(await fetchAll(relay, t)).toEqual(['a'.repeat(500)])
    // A republished message is not counted twice; another client id has its own quota.
    expect(await c.request('irn_publish', { topic: t, message: 'a'.repeat(500), ttl: 60 })).toBe(true)
    const other = await clientOf(relay)
    expect(await other.request('irn_publish', { topic: t, message: 'e'.repeat(500), ttl: 60 })).toBe(true)
  })

  it('per IP address and for the whole store', async () => {
    const relay = await relayFor({ limits: { maxStoredBytesPerIp: 1500, maxStoredBytes: 2000 } })
    const t = topic()
    const [a, b] = [await clientOf(relay), await clientOf(relay)]
    await a.request('irn_publish', { topic: t, message: 'a'.repeat(600), ttl: 60 })
    await b.request('irn_publish', { topic: t, message: 'b'.repeat(600), ttl: 60 })
    await expect(
      a.request('irn_publish', { topic: t, message: 'c'.repeat(300), ttl: 60 }),
    ).rejects.toMatchObject({
      code: -32005,
      message: 'Quota exceeded: this IP address already stores 1328 bytes (cap 1500)',
    })
    expect(await fetchAll(relay, t)).toHaveLength(2)

    const whole = await relayFor({ limits: { maxStoredBytes: 1000 } })
    const c = await clientOf(whole)
    await c.request('irn_publish', { topic: t, message: 'a'.repeat(600), ttl: 60 })
    await expect(
      c.request('irn_publish', { topic: t, message: 'b'.repeat(600), ttl: 60 }),
    ).rejects.toMatchObject({
      code: -32005,
      message: "Quota exceeded: the relay's message store is full (664 of 1000 bytes)",
    })
  })
})
