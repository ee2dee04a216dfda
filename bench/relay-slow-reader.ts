/**
 * Relay memory under the slow-reader attack (hardening issue, item 4): subscribers that stop
 * reading their socket while a publisher sends large messages to their topic. Prints the relay
 * process's resident memory before the attack and its peak (VmHWM) during it.
 *
 *   npx tsx bench/relay-slow-reader.ts [--subscribers 8] [--messages 60] [--size 1000000] [--max-rss 3000]
 *
 * The relay runs in its own process (services/relay/src/cli.ts on a free port, messages kept in a
 * temporary data file as `npm start` does). Each slow reader is a raw TCP WebSocket client: it
 * subscribes, reads the answer, then pauses its socket for good. Everything stays on 127.0.0.1;
 * the loops are bounded by the counts, the relay is killed past --max-rss MB and after 120 s.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generateKeyPair } from '@walletconnect/relay-auth'
import { connectRelayClient, relayConnectUrl, signRelayJwt } from '../services/relay/src/client.ts'

const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '8' },
    messages: { type: 'string', default: '60' },
    size: { type: 'string', default: '1000000' },
    'max-rss': { type: 'string', default: '3000' },
  },
})
const SUBSCRIBERS = positive('subscribers', values.subscribers)
const MESSAGES = positive('messages', values.messages)
const SIZE = positive('size', values.size)
const MAX_RSS_MB = positive('max-rss', values['max-rss'])
const HARD_STOP_MS = 120_000

function positive(name: string, v: string | undefined): number {
  const n = Number(v)
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} must be a positive integer`)
    process.exit(2)
  }
  return n
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`

/** VmRSS and VmHWM (peak) of a process, in kB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
  return { rss: field('VmRSS'), peak: field('VmHWM') }
}

async function startRelayProcess(dataFile: string): Promise<{ child: ChildProcess; url: string }> {
  const cli = resolve(dirname(fileURLToPath(import.meta.url)), '../services/relay/src/cli.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', cli], {
    env: { ...process.env, PORTICO_RELAY_PORT: '0', PORTICO_RELAY_DATA: dataFile, PORTICO_RELAY_LOG: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error('relay did not start within 30 s')), 30_000)
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /relay ready at (ws:\/\/[^\s"]+)/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolveUrl(m[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`relay exited (${code}) before it was ready`)))
  })
  return { child, url }
}

/** A masked client text frame (RFC 6455 §5.2). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = randomBytes(4)
  const len = payload.length
  const head =
    len < 126
      ? Buffer.from([0x81, 0x80 | len])
      : len < 65_536
        ? Buffer.from([0x81, 0x80 | 126, len >> 8, len & 0xff])
        : (() => {
            const b = Buffer.alloc(10)
            b[0] = 0x81
            b[1] = 0x80 | 127
            b.writeBigUInt64BE(BigInt(len), 2)
            return b
          })()
  const masked = Buffer.alloc(len)
  for (let i = 0; i < len; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0)
  return Buffer.concat([head, mask, masked])
}

/** Opens a WebSocket by hand, subscribes to `topic`, waits for the answer, then stops reading. */
async function slowReader(relayUrl: string, topic: string): Promise<Socket> {
  const jwt = await signRelayJwt(generateKeyPair(), relayUrl)
  const u = new URL(relayConnectUrl(relayUrl, jwt, { projectId: 'portico-bench', ua: 'slow-reader' }))
  const socket = connect(Number(u.port), u.hostname)
  socket.on('error', () => {})
  await new Promise<void>((ok, fail) => {
    socket.once('connect', ok)
    socket.once('error', fail)
  })
  socket.write(
    `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  let received = ''
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`no subscribe answer; got ${received.slice(0, 200)}`)),
      10_000,
    )
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1')
      if (!received.startsWith('HTTP/1.1 101')) {
        if (received.includes('\r\n\r\n')) fail(new Error(`upgrade refused: ${received.split('\r\n')[0]}`))
        return
      }
      if (received.includes('"result"')) {
        clearTimeout(timer)
        socket.off('data', onData)
        // From here on nothing is read: the kernel buffers fill and the relay's sends queue up.
        socket.pause()
        ok()
      }
    }
    socket.on('data', onData)
    socket.write(
      textFrame(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } })),
    )
  })
  return socket
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'portico-slow-reader-'))
  const { child, url } = await startRelayProcess(join(dir, 'messages.sqlite'))
  const pid = child.pid ?? 0
  const hardStop = setTimeout(() => child.kill('SIGKILL'), HARD_STOP_MS)
  let exitedEarly = false
  child.once('exit', () => {
    exitedEarly = true
  })
  const readers: Socket[] = []
  let peakSeen = 0
  const sampler = setInterval(() => {
    if (exitedEarly) return
    const { rss } = memoryOf(pid)
    peakSeen = Math.max(peakSeen, rss)
    if (rss / 1024 > MAX_RSS_MB) {
      console.error(`relay RSS passed --max-rss ${MAX_RSS_MB} MB: stopping it`)
      child.kill('SIGKILL')
    }
  }, 50)
  try {
    const topic = createHash('sha256').update(`slow-reader-${process.pid}`).digest('hex')
    const publisher = await connectRelayClient(url, { projectId: 'portico-bench', timeoutMs: 60_000 })
    for (let i = 0; i < SUBSCRIBERS; i++) readers.push(await slowReader(url, topic))
    const before = memoryOf(pid)

    const body = 'A'.repeat(SIZE - 8)
    let accepted = 0
    let refused = 0
    let firstError = ''
    const started = Date.now()
    for (let i = 0; i < MESSAGES && !exitedEarly; i++) {
      await publisher
        .request('irn_publish', { topic, message: `${String(i).padStart(8, '0')}${body}`, ttl: 300 })
        .then(
          () => accepted++,
          (e: Error) => {
            refused++
            firstError ||= e.message
          },
        )
    }
    const publishSeconds = (Date.now() - started) / 1000
    // Let queued sends settle, sampling all along.
    await new Promise((r) => setTimeout(r, 3000))
    const after = exitedEarly ? { rss: 0, peak: peakSeen } : memoryOf(pid)
    const health = exitedEarly
      ? undefined
      : ((await (await fetch(`${url.replace(/^ws:/, 'http:')}/health`)).json()) as Record<string, unknown>)
    await publisher.close()
    console.log(
      [
        `relay slow-reader attack: ${SUBSCRIBERS} subscribers that stop reading, ${MESSAGES} publishes of ${SIZE} bytes`,
        `  relay RSS before attack   ${mb(before.rss)}`,
        `  relay RSS peak (VmHWM)    ${mb(Math.max(after.peak, peakSeen))}`,
        `  relay RSS after attack    ${exitedEarly ? 'relay died' : mb(after.rss)}`,
        `  publishes accepted        ${accepted}, refused ${refused}${firstError ? ` (${firstError})` : ''}, in ${publishSeconds.toFixed(1)} s`,
        `  relay alive at the end    ${!exitedEarly}`,
        health
          ? `  relay stats               delivered ${health.delivered}, slow sockets closed ${health.slowSockets ?? 'n/a'}, connections ${health.connections}`
          : '',
      ].join('\n'),
    )
    console.log(
      JSON.stringify({
        subscribers: SUBSCRIBERS,
        messages: MESSAGES,
        size: SIZE,
        rssBeforeMB: Math.round(before.rss / 1024),
        rssPeakMB: Math.round(Math.max(after.peak, peakSeen) / 1024),
        rssAfterMB: Math.round(after.rss / 1024),
        accepted,
        refused,
        alive: !exitedEarly,
      }),
    )
  } finally {
    clearInterval(sampler)
    for (const s of readers) s.destroy()
    clearTimeout(hardStop)
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((done) => {
        child.once('exit', () => done())
        child.kill('SIGTERM')
      })
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
