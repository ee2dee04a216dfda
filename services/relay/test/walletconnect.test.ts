/**
 * The real WalletConnect SDKs over our relay: a dapp SignClient and a WalletKit wallet in this
 * process, talking only through the relay on 127.0.0.1.
 */
import { SignClient } from '@walletconnect/sign-client'
import { describe, expect, it, vi } from 'vitest'
import { type Relay, startRelay } from '../src/index.ts'
import {
  CHAIN,
  LOG_LEVEL,
  onCleanup,
  pairThrough as pairWith,
  personalSign,
  stopClient,
  uniquePrefix,
} from './wcPair.ts'

async function startRelayForTest(port?: number): Promise<Relay> {
  const relay = await startRelay({
    ...(port === undefined ? {} : { port }),
    log: process.env.PORTICO_RELAY_TEST_LOG === '1',
    logTraffic: true,
  })
  return relay
}

const pairThrough = (relay: Relay) => pairWith({ dapp: relay.url, wallet: relay.url })

describe('WalletConnect SDKs over the relay', () => {
  it('dapp SignClient pairs with a WalletKit wallet, gets an eip155:31337 session and a verified personal_sign', async () => {
    const relay = await startRelayForTest()
    onCleanup(() => relay.close())
    const started = Date.now()
    const pair = await pairThrough(relay)
    const sessionMs = Date.now() - started

    expect(pair.session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${pair.address}`])
    expect(pair.wallet.getActiveSessions()[pair.session.topic]).toBeDefined()

    const signStarted = Date.now()
    expect(await personalSign(pair, 'Sign in to Portico')).toBe(true)
    const signMs = Date.now() - signStarted
    expect(pair.signRequests).toBe(1)

    const stats = relay.stats()
    expect(stats.clients).toBe(2)
    expect(stats.authFailures).toBe(0)
    expect(stats.rpcErrors).toBe(0)
    // Every delivery is acknowledged by the SDKs (the last ack may still be on its way).
    await vi.waitFor(() => expect(relay.stats().acked).toBe(relay.stats().delivered), { timeout: 2000 })
    expect(stats.delivered).toBeGreaterThanOrEqual(5)
    console.info(`session ${sessionMs} ms, personal_sign round trip ${signMs} ms`)
  }, 30_000)

  it('a relay restarted between two requests: the second request still succeeds', async () => {
    let relay = await startRelayForTest()
    onCleanup(() => relay.close())
    const pair = await pairThrough(relay)
    expect(await personalSign(pair, 'before the restart')).toBe(true)

    const port = relay.port
    await relay.close()
    relay = await startRelayForTest(port)

    const started = Date.now()
    // ~1 s of the time is WalletKit's own spacing of consecutive session requests (requestQueueDelay).
    expect(await personalSign(pair, 'after the restart')).toBe(true)
    expect(pair.signRequests).toBe(2)
    // Both SDKs reconnected to the new relay process with their topics.
    const stats = relay.stats()
    expect(stats.clients).toBe(2)
    expect(stats.subscriptions).toBeGreaterThanOrEqual(2)
    console.info(`request after restart answered in ${Date.now() - started} ms`)
  }, 30_000)

  it('a request sent while the relay is down goes through once it is back', async () => {
    let relay = await startRelayForTest()
    onCleanup(() => relay.close())
    const pair = await pairThrough(relay)
    const port = relay.port
    await relay.close()

    const started = Date.now()
    const verified = personalSign(pair, 'sent while the relay was down')
    await new Promise((r) => setTimeout(r, 1500))
    relay = await startRelayForTest(port)
    expect(await verified).toBe(true)
    console.info(`request sent during a 1.5 s outage answered after ${Date.now() - started} ms`)
  }, 30_000)

  it('a connection the relay refuses reaches the SDK as relayer_error with the reason, at once', async () => {
    const relay = await startRelayForTest()
    onCleanup(() => relay.close())
    // No projectId: the relay refuses (close 3000, as useOnCloseEvent=true asks).
    const dapp = await SignClient.init({
      relayUrl: relay.url,
      customStoragePrefix: uniquePrefix('refused'),
      telemetryEnabled: false,
      logger: LOG_LEVEL,
      metadata: { name: 'Portico relay test dapp', description: 'test', url: 'http://127.0.0.1', icons: [] },
    })
    onCleanup(() => stopClient(dapp.core))
    const started = Date.now()
    const error = new Promise<Error>((resolve) => dapp.core.relayer.once('relayer_error', resolve))
    // connect() itself does not settle soon (the SDK keeps retrying): the kernel watches relayer_error.
    dapp
      .connect({
        optionalNamespaces: { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: [] } },
      })
      .catch(() => {})
    expect((await error).message).toBe(
      'WebSocket connection closed abnormally with code: 3000 (Authorization error: Project ID is missing)',
    )
    expect(Date.now() - started).toBeLessThan(2000)
    expect(relay.stats().authFailures).toBeGreaterThanOrEqual(1)
  }, 30_000)
})
