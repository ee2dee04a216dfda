import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error a plain .mjs script without types
import { ensureServicesBuilt } from '../buildServices.mjs'
import {
  type BuiltService,
  builtCommand,
  builtCommandProblems,
  builtProcessProblems,
  builtScript,
  startBuiltService,
} from './builtServices.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-built-services-'))
const started: BuiltService[] = []

beforeAll(async () => {
  await ensureServicesBuilt({ log: () => {} })
}, 120_000)
afterAll(async () => {
  await Promise.all(started.map((service) => service.stop()))
  rmSync(dir, { recursive: true, force: true })
})

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('builtCommandProblems: is this argv + environment the service run from its build?', () => {
  const script = builtScript('relay')
  it('node and the bundle, nothing else: no problem', () => {
    expect(builtCommandProblems('relay', ['/usr/bin/node', script], ['PATH=/usr/bin'])).toEqual([])
    expect(builtCommandProblems('relay', builtCommand('relay'), [])).toEqual([])
  })
  it('a tsx loader in the argv or NODE_OPTIONS, the sources, another program: each named', () => {
    expect(builtCommandProblems('relay', ['/usr/bin/node', '--import', 'tsx', script], [])).toEqual([
      'relay: started with --import (a loader or preload)',
      'relay: started with tsx (a loader or preload)',
    ])
    expect(
      builtCommandProblems('relay', ['/usr/bin/node', script], ['NODE_OPTIONS=--import tsx/esm']),
    ).toEqual(['relay: NODE_OPTIONS adds a loader or preload (--import tsx/esm)'])
    expect(
      builtCommandProblems('relay', ['/usr/bin/node', script.replace('dist/cli.js', 'src/cli.ts')], []),
    ).toEqual([expect.stringMatching(/not services\/relay\/dist\/cli\.js$/)])
    expect(builtCommandProblems('relay', ['/usr/bin/tsx', script], [])).toEqual([
      'relay: runs /usr/bin/tsx, not node',
    ])
    expect(builtCommandProblems('api', ['/usr/bin/node', script], [])).toEqual([
      expect.stringMatching(/^api: runs .*services\/relay\/dist\/cli\.js, not services\/api\/dist\/cli\.js$/),
    ])
  })
  it('reads a live process from /proc: this test runner is no built service', () => {
    expect(builtProcessProblems('relay', process.pid).length).toBeGreaterThan(0)
    expect(builtProcessProblems('relay', 2 ** 22 + 1)).toEqual([expect.stringMatching(/no process/)])
  })
})

describe('startBuiltService', () => {
  it('runs node dist/cli.js with its env, once /health answers; the values stay off the argv and the log; SIGTERM stops it', async () => {
    const port = await freePort()
    const seed = `seed-${'x'.repeat(24)}`
    const logFile = join(dir, 'logs', 'idp.log')
    const idp = await startBuiltService({
      name: 'idp',
      env: { PORTICO_IDP_PORT: String(port), PORTICO_IDP_CLIENT_SECRET_SEED: seed },
      healthUrl: `http://127.0.0.1:${port}/health`,
      logFile,
    })
    started.push(idp)
    expect(idp.command).toEqual(builtCommand('idp'))
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200)
    expect(builtProcessProblems('idp', idp.pid)).toEqual([])
    const cmdline = readFileSync(`/proc/${idp.pid}/cmdline`, 'utf8')
    expect(cmdline).not.toContain(seed)
    expect(readFileSync(`/proc/${idp.pid}/environ`, 'utf8')).toContain(
      `PORTICO_IDP_CLIENT_SECRET_SEED=${seed}`,
    )
    const log = readFileSync(logFile, 'utf8')
    expect(log).toContain('# env: ')
    expect(log).toContain('PORTICO_IDP_CLIENT_SECRET_SEED')
    expect(log).not.toContain(seed)
    await idp.stop()
    expect(alive(idp.pid)).toBe(false)
  })

  it('a service that exits at start fails with the last lines of its log', async () => {
    const port = await freePort()
    const logFile = join(dir, 'logs', 'onramp.log')
    // No PORTICO_ONRAMP_SECRET: the on-ramp page refuses to start.
    await expect(
      startBuiltService({
        name: 'onramp',
        env: { PORTICO_ONRAMP_PORT: String(port) },
        healthUrl: `http://127.0.0.1:${port}/health`,
        logFile,
      }),
    ).rejects.toThrow(/onramp exited \(1\) before answering .*onramp\.log:\n[\s\S]*PORTICO_ONRAMP_SECRET/)
  })

  it('one that never answers is stopped after its timeout', async () => {
    const port = await freePort()
    const other = await freePort()
    const logFile = join(dir, 'logs', 'relay.log')
    const attempt = startBuiltService({
      name: 'relay',
      env: { PORTICO_RELAY_PORT: String(port), PORTICO_RELAY_DATA: 'memory' },
      // Nothing listens here.
      healthUrl: `http://127.0.0.1:${other}/health`,
      logFile,
      timeoutMs: 3000,
    })
    await expect(attempt).rejects.toThrow(/relay did not answer .* within 3000 ms/)
    // Its port is free again: the child is gone.
    await new Promise<void>((resolve, reject) => {
      const server = createServer()
        .once('error', reject)
        .listen(port, '127.0.0.1', () => server.close(() => resolve()))
    })
  })
})
