import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'

/**
 * A Node client whose event loop is busy when the server closes an idle keep-alive socket (what CPU
 * load does to Playwright's route.fetch) still sends its next request on that socket. The server runs
 * in its own process, so its timers keep time while this one is blocked.
 */
let child: ChildProcess
let url: string
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'static-server-'))
  writeFileSync(path.join(dir, 'entry.js'), 'export {}\n')
  const script = `import { startStaticServer } from ${JSON.stringify(path.join(import.meta.dirname, 'staticServer.ts'))}
const server = await startStaticServer({ host: '127.0.0.1', port: 0, mounts: [{ prefix: '/', dir: ${JSON.stringify(dir)} }] })
console.log(server.url)`
  child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  url = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
  })
})

afterAll(() => {
  child?.kill()
  rmSync(dir, { recursive: true, force: true })
})

function get(agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/entry.js`, { agent }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      .on('error', reject)
  })
}

it('a keep-alive socket idle for 8 s while the client was busy still serves its next request', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    expect(await get(agent)).toBe(200)
    const until = Date.now() + 8_000
    while (Date.now() < until) {
      // Blocked, as a loaded client is: the socket's close, if any, is not seen before the next write.
    }
    expect(await get(agent)).toBe(200)
  } finally {
    agent.destroy()
  }
}, 20_000)
