import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../src/env.ts'
import { APP_ORIGIN, PROJECT, startTestFrame, type TestFrame } from './helpers.ts'

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
})
afterAll(() => frame.close())

describe('the frame page', () => {
  it('carries the load parameters and a script whose integrity the browser checks; the script stays small', async () => {
    const page = await (
      await fetch(
        `${frame.server.frameUrl}?projectId=${PROJECT}&chainId=31337&version=4&enableLogger=true&parentOrigin=${encodeURIComponent(APP_ORIGIN)}`,
      )
    ).text()
    const config = JSON.parse(
      /<script type="application\/json" id="portico-frame-config">(.*?)<\/script>/.exec(page)?.[1] ?? 'null',
    )
    expect(config).toEqual({
      projectId: PROJECT,
      parentOrigin: APP_ORIGIN,
      chainId: '31337',
      version: '4',
      enableLogger: true,
      passkeyScript: {
        src: expect.stringMatching(/^\/frame-passkey\.js\?v=[0-9a-f]{16}$/),
        integrity: expect.any(String),
      },
    })
    const [, src, integrity] = /<script src="([^"]+)" integrity="([^"]+)"><\/script>/.exec(page) ?? []
    const script = await fetch(new URL(src as string, frame.server.url))
    expect(script.headers.get('cache-control')).toContain('immutable')
    const code = await script.text()
    expect(`sha384-${createHash('sha384').update(code).digest('base64')}`).toBe(integrity)
    expect(gzipSync(code).length).toBeLessThan(4096)
    expect((await fetch(`${frame.server.url}/frame.js`)).headers.get('cache-control')).toBe('no-cache')
    // The passkey ceremony loads only with the passkey view, SRI-checked as the frame's own script.
    const passkey = await fetch(new URL(config.passkeyScript.src, frame.server.url))
    const passkeyCode = await passkey.text()
    expect(`sha384-${createHash('sha384').update(passkeyCode).digest('base64')}`).toBe(
      config.passkeyScript.integrity,
    )
    expect(passkey.headers.get('cache-control')).toContain('immutable')
  })

  it('escapes what it echoes into the page', async () => {
    const page = await (
      await fetch(
        `${frame.server.frameUrl}?projectId=${PROJECT}&chainId=${encodeURIComponent('</script><script>alert(1)</script>')}&parentOrigin=${encodeURIComponent(APP_ORIGIN)}`,
      )
    ).text()
    expect(page).not.toContain('<script>alert(1)')
    expect(page.match(/<script/g)).toHaveLength(2)
  })
})

describe('configuration from the environment', () => {
  it('reads projects, chains, Solana, database, key and mailbox; refuses malformed values with the variable name', () => {
    expect(
      configFromEnv({
        PORTICO_AUTH_FRAME_PORT: '4300',
        PORTICO_AUTH_FRAME_PROJECTS: 'a=http://localhost:4173|https://app.example/,b=https://b.example',
        PORTICO_AUTH_FRAME_CHAINS: '31337=http://127.0.0.1:8545',
        PORTICO_AUTH_FRAME_SOLANA: 'solana:Dev=http://127.0.0.1:8899',
        PORTICO_AUTH_FRAME_DATABASE_URL: 'postgres://u@h/db',
        PORTICO_AUTH_FRAME_KEY: 'ab'.repeat(32),
        PORTICO_AUTH_FRAME_MAILBOX: 'off',
        PORTICO_AUTH_FRAME_TRUST_PROXY: '1',
      }),
    ).toEqual({
      port: 4300,
      projects: {
        a: { allowedOrigins: ['http://localhost:4173', 'https://app.example'] },
        b: { allowedOrigins: ['https://b.example'] },
      },
      chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545/' }],
      solana: { networkId: 'solana:Dev', rpcUrl: 'http://127.0.0.1:8899/' },
      database: { kind: 'postgres', url: 'postgres://u@h/db' },
      serverKey: 'ab'.repeat(32),
      devMailbox: false,
      trustProxy: true,
    })
    expect(() => configFromEnv({ PORTICO_AUTH_FRAME_PORT: '-1' })).toThrow('PORTICO_AUTH_FRAME_PORT')
    expect(() => configFromEnv({ PORTICO_AUTH_FRAME_CHAINS: '31337' })).toThrow('PORTICO_AUTH_FRAME_CHAINS')
    expect(() => configFromEnv({ PORTICO_AUTH_FRAME_CHAINS: '31337=file:///etc/passwd' })).toThrow(
      'PORTICO_AUTH_FRAME_CHAINS',
    )
    expect(() => configFromEnv({ PORTICO_AUTH_FRAME_SOLANA: 'x' })).toThrow('PORTICO_AUTH_FRAME_SOLANA')
  })
})

describe('the dev mailbox', () => {
  it('is off unless asked for, and then the service needs a real mailer', async () => {
    const { startAuthFrame } = await import('../src/index.ts')
    await expect(startAuthFrame({ port: 0, serverKey: 'ab'.repeat(32), logLevel: 'silent' })).rejects.toThrow(
      'The auth frame needs a mailer',
    )
    const sent: string[] = []
    const quiet = await startTestFrame({
      devMailbox: false,
      mailer: { send: async (mail) => void sent.push(mail.to) },
    })
    try {
      expect(quiet.server.mailboxUrl).toBeUndefined()
      expect((await fetch(`${quiet.server.url}/dev/mailbox`)).status).toBe(404)
      await quiet.device().ok('CONNECT_EMAIL', { email: 'quiet@example.com' })
      expect(sent).toEqual(['quiet@example.com'])
    } finally {
      await quiet.close()
    }
  })
})
