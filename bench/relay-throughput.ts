/**
 * Relay throughput: N authenticated WebSocket clients (keys and JWTs from @walletconnect/relay-auth,
 * as the SDK makes them), each subscribed to its own topic, each publishing R messages to the next
 * client's topic. Reports delivered messages per second, messages lost, p50/p99 delivery latency.
 *
 *   npx tsx bench/relay-throughput.ts [--clients 200] [--rounds 50] [--timeout 60] [--in-process]
 *
 * By default the relay runs in its own process (services/relay/src/cli.ts on a free port, memory
 * only), so relay and clients each get a core; --in-process shares one event loop. Traffic stays
 * on 127.0.0.1; the run is bounded by the counts and by --timeout seconds.
 */
import { parseArgs } from 'node:util'
import { type Relay, type RelayClient, startRelay } from '@portico/relay'
import { connectClients, now, positive, type RelayUnderTest, relayInChild, runRing } from './lib/relayLoad.ts'

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '50' },
    timeout: { type: 'string', default: '60' },
    'in-process': { type: 'boolean', default: false },
  },
})
const CLIENTS = positive('clients', values.clients)
const ROUNDS = positive('rounds', values.rounds)
const DEADLINE = Date.now() + positive('timeout', values.timeout) * 1000

async function relayInProcess(): Promise<RelayUnderTest> {
  const relay: Relay = await startRelay({ port: 0 })
  return { url: relay.url, stats: async () => relay.stats(), close: () => relay.close() }
}

async function main() {
  const relay = values['in-process'] ? await relayInProcess() : await relayInChild(DEADLINE)
  let clients: RelayClient[] = []
  try {
    const connectStart = now()
    clients = await connectClients([relay.url], CLIENTS, DEADLINE)
    const connectMs = now() - connectStart
    const r = await runRing(clients, ROUNDS, DEADLINE)
    const stats = await relay.stats()
    const expected = CLIENTS * ROUNDS
    const result = {
      ...r,
      relay: values['in-process'] ? 'in-process' : 'child process',
      connectAndSubscribeMs: Math.round(connectMs) + r.subscribeMs,
      relayStats: {
        delivered: stats.delivered,
        acked: stats.acked,
        rpcErrors: stats.rpcErrors,
        authFailures: stats.authFailures,
      },
    }
    console.log(
      [
        `relay throughput (${result.relay}): ${CLIENTS} clients x ${ROUNDS} rounds`,
        `  connect+subscribe   ${result.connectAndSubscribeMs} ms`,
        `  delivered           ${result.delivered}/${expected} in ${result.seconds} s = ${result.deliveredPerSecond} msg/s`,
        `  lost                ${result.lost} (duplicates ${r.duplicates}, misrouted ${r.misrouted})`,
        `  latency             p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
        `  relay side          delivered ${stats.delivered}, acked ${stats.acked}, rpc errors ${stats.rpcErrors}`,
      ].join('\n'),
    )
    console.log(JSON.stringify(result))
    if (result.lost !== 0 || r.duplicates !== 0 || r.misrouted !== 0) process.exitCode = 1
  } finally {
    await Promise.all(clients.map((c) => c.close()))
    await relay.close()
  }
}

await main()
