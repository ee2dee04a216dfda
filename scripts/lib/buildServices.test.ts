/**
 * npm run build:services: every service starts from its build with plain node (TypeScript type
 * stripping off where the Node has it, so a .ts file left in the import graph fails), answers
 * /health, and stops on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error a plain .mjs script without types
import { buildServices, SERVICES } from '../buildServices.mjs'

const root = join(import.meta.dirname, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'portico-build-services-'))
const children: ChildProcess[] = []
const major = Number(process.versions.node.split('.')[0])

/** Each service on a free port, with its state in a temporary directory. */
const ENV: Record<string, Record<string, string>> = {
  api: { PORTICO_API_PORT: '0', PORTICO_API_SQLITE_FILE: join(dir, 'api.sqlite') },
  'auth-frame': {
    PORTICO_AUTH_FRAME_PORT: '0',
    PORTICO_AUTH_FRAME_SQLITE_FILE: join(dir, 'auth-frame.sqlite'),
    PORTICO_AUTH_FRAME_KEY_FILE: join(dir, 'server-key'),
    PORTICO_AUTH_FRAME_MAILBOX: '1',
  },
  relay: { PORTICO_RELAY_PORT: '0', PORTICO_RELAY_DATA: 'memory' },
  idp: { PORTICO_IDP_PORT: '0' },
  onramp: { PORTICO_ONRAMP_PORT: '0', PORTICO_ONRAMP_SECRET: randomBytes(32).toString('hex') },
}

beforeAll(async () => {
  await buildServices({ log: () => {} })
}, 120_000)
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

function start(service: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      ...(major >= 22 ? ['--no-experimental-strip-types'] : []),
      join(root, 'services', service, 'dist', 'cli.js'),
    ],
    // Not the test runner's environment: no tsx loader, no NODE_OPTIONS. The SQLite addon built for this
    // Node (the LTS lane's) is passed on, as the services read it.
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        ...(process.env.PORTICO_SQLITE_ADDON
          ? { PORTICO_SQLITE_ADDON: process.env.PORTICO_SQLITE_ADDON }
          : {}),
        ...ENV[service],
      },
      stdio: 'pipe',
    },
  )
  children.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${service}: no URL in 30 s:\n${out}`)), 30_000)
    const read = (chunk: Buffer) => {
      out += chunk.toString()
      const url = /(?:https?|wss?):\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (url) {
        clearTimeout(timer)
        resolve({ child, url: `http://127.0.0.1:${url[1]}` })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => reject(new Error(`${service} exited with ${code}:\n${out}`)))
  })
}

describe('services built to JavaScript', () => {
  it('the bundles hold no TypeScript and name no tsx', () => {
    for (const service of SERVICES as string[]) {
      const code = readFileSync(join(root, 'services', service, 'dist', 'cli.js'), 'utf8')
      expect(code).not.toMatch(/from ["'][^"']+\.tsx?["']|import\(["'][^"']+\.tsx?["']\)|\btsx\/esm\b/)
    }
  })

  for (const service of SERVICES as string[]) {
    it(`${service}: node dist/cli.js answers /health and stops on SIGTERM`, async () => {
      const { child, url } = await start(service)
      const health = await fetch(`${url}/health`)
      expect(health.status).toBe(200)
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    }, 60_000)
  }
})
