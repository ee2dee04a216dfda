// A throwaway redis-server for tests and benches (the relay cluster). Plain Node, like setup.mjs.
// ensureRedisServer() finds Debian's redis-server or installs it with apt-get (as root, or via sudo);
// startRedis() runs one on a free 127.0.0.1 port in its own directory, AOF persistence on.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server']

/** The redis-server binary; installs Debian's `redis-server` package when none is found. */
export function ensureRedisServer() {
  const configured = process.env.PORTICO_REDIS_SERVER
  if (configured && existsSync(configured)) return configured
  const found = CANDIDATES.find((candidate) => existsSync(candidate))
  if (found) return found
  console.log('› no redis-server found: installing Debian redis-server')
  const root = process.getuid?.() === 0
  // One install at a time on this machine (flock); whoever waited finds it installed and skips.
  const script =
    'command -v redis-server >/dev/null 2>&1 || { apt-get update -qq && ' +
    'apt-get install -y -qq --no-install-recommends redis-server; }'
  const command = root ? ['sh', '-c', script] : ['sudo', '-n', 'sh', '-c', script]
  const result = spawnSync('flock', ['/tmp/portico-apt.lock', ...command], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `exit code ${result.status}`
    throw new Error(
      `installing redis-server with apt-get failed (${why}): install Debian's redis-server or set PORTICO_REDIS_URL`,
    )
  }
  const installed = CANDIDATES.find((candidate) => existsSync(candidate))
  if (!installed) throw new Error('redis-server is still missing after apt-get install redis-server')
  return installed
}

/** A free TCP port on 127.0.0.1 (picked by the OS). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Resolves once a PING on 127.0.0.1:port answers PONG, or rejects after timeoutMs. */
export async function waitForRedis(port, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' })
      let data = ''
      const done = (v) => {
        socket.destroy()
        resolve(v)
      }
      socket.setTimeout(1000, () => done(false))
      socket.on('error', (e) => {
        last = e.message
        done(false)
      })
      socket.on('connect', () => socket.write('PING\r\n'))
      socket.on('data', (chunk) => {
        data += chunk.toString()
        if (data.includes('\r\n')) {
          last = data.trim()
          done(data.startsWith('+PONG'))
        }
      })
    })
    if (ok) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`redis on 127.0.0.1:${port} did not answer PING within ${timeoutMs} ms (${last})`)
}

/**
 * Starts redis-server on 127.0.0.1 (a free port unless given) with its data in `dir` (a new temp
 * directory unless given) and the append-only file on, fsynced before each write is answered
 * (`appendfsync always`), so an acknowledged write survives a kill -9. Returns
 * { url, port, dir, stop(), kill(), restart() }: stop() shuts down cleanly and removes a temp dir,
 * kill() is kill -9 (for crash tests), restart() starts it again on the same port and directory.
 */
export async function startRedis(options = {}) {
  const binary = ensureRedisServer()
  const port = options.port ?? (await freePort())
  const ownDir = options.dir === undefined
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'portico-redis-'))
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--appendfsync',
    options.appendfsync ?? 'always',
    '--save',
    '',
    '--daemonize',
    'no',
    '--protected-mode',
    'yes',
    '--loglevel',
    'warning',
    '--logfile',
    '',
  ]
  let child
  let output = ''
  const launch = async () => {
    output = ''
    child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (c) => {
      output = (output + c.toString()).slice(-4000)
    })
    child.stderr.on('data', (c) => {
      output = (output + c.toString()).slice(-4000)
    })
    const exited = new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`))),
    )
    exited.catch(() => {})
    await Promise.race([waitForRedis(port), exited])
  }
  const waitExit = (c) =>
    new Promise((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve()
      c.once('exit', () => resolve())
    })
  await launch()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    /** kill -9: no shutdown save, no goodbye to clients. */
    async kill() {
      const c = child
      c.kill('SIGKILL')
      await waitExit(c)
    },
    async restart() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await waitExit(child)
      }
      await launch()
    },
    async stop() {
      const c = child
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGTERM')
        await waitExit(c)
      }
      if (ownDir) rmSync(dir, { recursive: true, force: true })
    },
  }
}
