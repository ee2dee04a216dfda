/**
 * Two relay nodes on one Redis (a throwaway redis-server, AOF on; or PORTICO_REDIS_URL): the real
 * WalletConnect SDKs on different nodes, a node killed mid-session, and Redis itself killed.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectRelayClient, createRedisBackend, type Relay, startRelay } from '../src/index.ts'
import { REDIS_SETUP_TIMEOUT_MS, type RedisForTests, redisForTests, testPrefix } from './redisTestkit.ts'
import { onCleanup, pairThrough, personalSign } from './wcPair.ts'

let redis: RedisForTests
beforeAll(async () => {
  redis = await redisForTests()
}, REDIS_SETUP_TIMEOUT_MS)
afterAll(() => redis?.stop())

const verbose = process.env.PORTICO_RELAY_TEST_LOG === '1'

/** A relay node in this process on the cluster's Redis (key prefix `prefix`). */
async function node(prefix: string, port?: number): Promise<Relay> {
  const backend = await createRedisBackend({ url: redis.url, prefix })
  const relay = await startRelay({ backend, ...(port !== undefined && { port }), log: verbose })
  onCleanup(() => relay.close())
  return relay
}

/** A relay node in its own process (services/relay/src/cli.ts), so it can be killed with SIGKILL. */
async function nodeProcess(prefix: string): Promise<{ url: string; kill(): Promise<void> }> {
  const cli = resolve(dirname(fileURLToPath(import.meta.url)), '../src/cli.ts')
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', cli], {
    env: {
      ...process.env,
      PORTICO_RELAY_PORT: '0',
      PORTICO_REDIS_URL: redis.url,
      PORTICO_REDIS_PREFIX: prefix,
      PORTICO_RELAY_LOG: verbose ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const kill = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGKILL')
    })
  onCleanup(kill)
  const url = await new Promise<string>((ok, fail) => {
    let out = ''
    const timer = setTimeout(() => fail(new Error(`relay node did not start:\n${out}`)), 30_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (verbose) process.stdout.write(chunk)
      const m = /relay ready at (ws:\/\/[^\s"]+)/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        ok(m[1])
      }
    })
    child.once('exit', (code) => fail(new Error(`relay node exited (${code}) before it was ready:\n${out}`)))
  })
  return { url, kill }
}

/**
 * A loopback TCP proxy whose target can be switched: the stand-in for a load balancer in front of
 * the nodes. Switching closes the open connections (as a dead node would).
 */
async function proxy(target: string): Promise<{ url: string; switchTo(url: string): void }> {
  let port = Number(new URL(target).port)
  const open = new Set<Socket>()
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(port, '127.0.0.1')
    open.add(client)
    client.on('close', () => open.delete(client))
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  onCleanup(async () => {
    for (const s of open) s.destroy()
    await new Promise<void>((ok) => server.close(() => ok()))
  })
  const address = server.address()
  const own = typeof address === 'object' && address ? address.port : 0
  return {
    url: `ws://127.0.0.1:${own}`,
    switchTo(url: string) {
      port = Number(new URL(url).port)
    },
  }
}

describe('relay cluster on Redis', () => {
  it('a dapp on node 1 and a WalletKit wallet on node 2 settle a session and round-trip a verified personal_sign', async () => {
    const prefix = testPrefix()
    const node1 = await node(prefix)
    const node2 = await node(prefix)
    const pair = await pairThrough({ dapp: node1.url, wallet: node2.url })
    expect(pair.session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${pair.address}`])
    expect(await personalSign(pair, 'Sign in to Portico across two relay nodes')).toBe(true)
    expect(pair.signRequests).toBe(1)
    // Each SDK is connected to its own node only; the messages crossed through Redis.
    expect(node1.stats().clients).toBe(1)
    expect(node2.stats().clients).toBe(1)
    expect(node1.stats().delivered).toBeGreaterThanOrEqual(2)
    expect(node2.stats().delivered).toBeGreaterThanOrEqual(2)
    expect(node1.stats().rpcErrors + node2.stats().rpcErrors).toBe(0)
  }, 60_000)

  it('node 1 killed mid-session: the dapp reconnects to node 2 and the next request succeeds', async () => {
    const prefix = testPrefix()
    const node1 = await nodeProcess(prefix)
    const node2 = await node(prefix)
    const front = await proxy(node1.url)
    const pair = await pairThrough({ dapp: front.url, wallet: node2.url })
    expect(await personalSign(pair, 'before node 1 dies')).toBe(true)

    await node1.kill()
    front.switchTo(node2.url)
    expect(await personalSign(pair, 'after node 1 died')).toBe(true)
    expect(pair.signRequests).toBe(2)
    // Both SDKs are on node 2 now.
    expect(node2.stats().clients).toBe(2)
  }, 90_000)

  it('clients subscribing on node 2 while node 1 publishes to their topics get every message exactly once', async () => {
    const prefix = testPrefix()
    const node1 = await node(prefix)
    const node2 = await node(prefix)
    const publisher = await connectRelayClient(node1.url, { timeoutMs: 10_000 })
    onCleanup(() => publisher.close())
    const readers = await Promise.all(
      Array.from({ length: 40 }, () => connectRelayClient(node2.url, { timeoutMs: 10_000 })),
    )
    onCleanup(async () => void (await Promise.all(readers.map((r) => r.close()))))
    const topics = readers.map((_, i) => createHash('sha256').update(`race-${prefix}-${i}`).digest('hex'))
    const got = readers.map(() => [] as string[])
    readers.forEach((r, i) => {
      r.onDelivery((d) => got[i]?.push(d.message))
    })
    // Publishes and subscribes interleave: some messages are stored before the subscribe, some after.
    await Promise.all([
      ...topics.map((topic, i) =>
        publisher.request('irn_publish', { topic, message: `to ${i}`, ttl: 300, tag: 1108 }),
      ),
      ...readers.map((r, i) => r.request('irn_subscribe', { topic: topics[i] })),
    ])
    await expect.poll(() => got.filter((g) => g.length > 0).length, { timeout: 15_000 }).toBe(readers.length)
    await Promise.all(readers.map((r) => r.request('irn_unsubscribe', { topic: 'barrier' })))
    expect(got).toEqual(readers.map((_, i) => [`to ${i}`]))
    // Node 1 has no subscriber: it listens to none of these topics in Redis.
    expect(node1.stats().subscriptions).toBe(0)
  }, 60_000)

  it('no accepted message is lost when Redis is killed (kill -9) and restarted with its append-only file', async () => {
    if (!redis.server) {
      console.info('skipped: PORTICO_REDIS_URL is set (a shared Redis is not killed by tests)')
      return
    }
    const prefix = testPrefix()
    const node1 = await node(prefix)
    const node2 = await node(prefix)
    const publisher = await connectRelayClient(node1.url, { timeoutMs: 10_000 })
    onCleanup(() => publisher.close())
    const topic = 'c'.repeat(64)
    const sent = Array.from({ length: 50 }, (_, i) => `message ${i}`)
    for (const message of sent) {
      expect(await publisher.request('irn_publish', { topic, message, ttl: 300, tag: 1108 })).toBe(true)
    }

    await redis.server.kill()
    await redis.server.restart()

    // A client that was never connected before gets every accepted message from the other node.
    const reader = await connectRelayClient(node2.url, { timeoutMs: 10_000 })
    onCleanup(() => reader.close())
    const got: string[] = []
    reader.onDelivery((d) => {
      if (d.topic === topic) got.push(d.message)
    })
    // The node's Redis connection may still be coming back: a refused subscribe is retried.
    await expect
      .poll(
        async () =>
          reader.request('irn_subscribe', { topic }).then(
            () => true,
            () => false,
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(true)
    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(sent.length)
    expect(got).toEqual(sent)
    // And the cluster keeps working after the restart: a new publish crosses nodes.
    expect(await publisher.request('irn_publish', { topic, message: 'after', ttl: 300, tag: 1108 })).toBe(
      true,
    )
    await expect.poll(() => got.at(-1), { timeout: 15_000 }).toBe('after')
  }, 90_000)
})
