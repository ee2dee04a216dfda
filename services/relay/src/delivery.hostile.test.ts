/** Backpressure: slow readers and unacked deliveries cannot grow the relay's memory. */
import { generateKeyPair } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { barrier, clientOf, relayFor, slowReader, topic, until } from '../test/testkit.ts'

describe('delivery: in-flight cap per connection', () => {
  it('sends at most maxInflightPerConnection unacked deliveries; the rest follow the acks', async () => {
    const relay = await relayFor({ limits: { maxInflightPerConnection: 4 } })
    const [a, b] = [await clientOf(relay), await clientOf(relay, { autoAck: false })]
    const t = topic()
    await b.request('irn_subscribe', { topic: t })
    for (let i = 0; i < 10; i++) await a.request('irn_publish', { topic: t, message: `m${i}`, ttl: 60 })
    await barrier(b)
    expect(b.deliveries.map((d) => d.message)).toEqual(['m0', 'm1', 'm2', 'm3'])
    expect(relay.stats().deferred).toBe(6)

    for (const d of b.deliveries.slice(0, 2)) b.ack(d.rpcId)
    await b.waitForDeliveries(6)
    await barrier(b)
    expect(b.deliveries.map((d) => d.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5'])

    // Acking everything drains the rest from the store, oldest first, each once.
    const off = b.onDelivery((d) => b.ack(d.rpcId))
    for (const d of b.deliveries.slice(2)) b.ack(d.rpcId)
    await b.waitForDeliveries(10)
    await barrier(b)
    off()
    expect(b.deliveries.map((d) => d.message)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`))
  })
})

describe('delivery: slow readers', () => {
  it('stops sending to a socket that does not read, then closes it; the messages wait in the store', async () => {
    const relay = await relayFor({
      limits: { maxBufferedBytes: 64 * 1024, slowSocketTimeoutMs: 1000, maxInflightPerConnection: 1000 },
      log: process.env.DEBUG_RELAY ? (l) => console.log(l) : false,
    })
    const keyPair = generateKeyPair()
    const t = topic()
    await slowReader(relay, [t], keyPair)
    const a = await clientOf(relay)
    const body = 'A'.repeat(512 * 1024)
    const count = 60 // 30 MiB: more than the kernel buffers of a loopback socket take
    for (let i = 0; i < count; i++) {
      await a.request('irn_publish', { topic: t, message: `${String(i).padStart(3, '0')}${body}`, ttl: 60 })
    }
    const stats = relay.stats()
    expect(stats.deferred).toBeGreaterThan(0)
    expect(stats.delivered).toBeLessThan(count)
    await until('the slow socket to be closed', () => relay.stats().slowSockets >= 1)
    await until('one connection left', () => relay.stats().connections === 1)

    // The same client id gets every message from the store (pulled: a page of 1 message of 512 KiB
    // each, as maxBufferedBytes is smaller).
    const b = await clientOf(relay, { keyPair })
    const got = new Set<string>()
    for (let page = 0; page <= count; page++) {
      const r = await b.request<{ messages: Array<{ message: string }>; hasMore: boolean }>(
        'irn_fetchMessages',
        { topic: t },
      )
      for (const m of r.messages) got.add(m.message.slice(0, 3))
      if (!r.hasMore) break
    }
    expect(got.size).toBe(count)
  })

  it('irn_fetchMessages pages by bytes too, not only by count', async () => {
    const relay = await relayFor({ limits: { maxBufferedBytes: 512 * 1024 } })
    const [a, b] = [await clientOf(relay), await clientOf(relay)]
    const t = topic()
    const body = 'B'.repeat(200 * 1024)
    await a.request('irn_batchPublish', {
      messages: Array.from({ length: 10 }, (_, i) => ({ topic: t, message: `${i}${body}`, ttl: 60 })),
    })
    const page = await b.request<{ messages: unknown[]; hasMore: boolean }>('irn_fetchMessages', { topic: t })
    expect(page.messages).toHaveLength(2)
    expect(page.hasMore).toBe(true)
  })
})
