import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DevDefaultsRefused, devStackProjects, refusalOf } from '@portico/ops'
import { afterAll, describe, expect, it } from 'vitest'
import { configFromEnv } from './env.ts'
import { startAuthFrame } from './server.ts'
import { createSocialLogin } from './social/index.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-auth-frame-production-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Social login as the dev stack configures it: every provider at the local IdP with its dev secrets. */
const social = createSocialLogin({ idpUrl: 'http://127.0.0.1:4201' })

describe('production mode', () => {
  it('with every dev default left, start-up refuses once, naming each', async () => {
    const error = await refusalOf(
      startAuthFrame({
        ...configFromEnv({ PORTICO_ENV: 'production', PORTICO_AUTH_FRAME_MAILBOX: '1' }),
        port: 0,
        logLevel: 'silent',
        database: { kind: 'sqlite', file: join(dir, 'dev.sqlite') },
        social,
      }),
    )
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    const message = error.message
    for (const name of [
      'the dev project id "portico-dev"',
      'a localhost-only origin list (projects allowed to embed the frame, project "portico-dev": http://localhost:4173, http://127.0.0.1:4173)',
      'the dev mailbox (PORTICO_AUTH_FRAME_MAILBOX',
      'no SMTP server',
      'a generated server key',
      "social login: google: the client secret is the local IdP's dev secret",
      'social login: github: the client id is the local IdP',
    ])
      expect(message).toContain(name)
    const socialProblems = social.productionProblems()
    expect(socialProblems.length).toBeGreaterThan(0)
    expect(error.problems).toHaveLength(5 + socialProblems.length)
  })

  it('a weak key and a malformed SMTP server are listed with the rest, not instead of them', async () => {
    const error = await refusalOf(
      startAuthFrame({
        production: true,
        port: 0,
        logLevel: 'silent',
        serverKey: 'ab'.repeat(32),
        smtp: { host: 'mail.example.com', tls: 'none', from: 'Acme <login@acme.example>' },
        database: { kind: 'sqlite', file: join(dir, 'weak.sqlite') },
      }),
    )
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    expect(error.message).toContain('is weak')
    expect(error.message).toContain('loopback')
    expect(error.message).toContain('the dev project id')
  })

  it('with a production configuration from the environment, it starts', async () => {
    const server = await startAuthFrame({
      ...configFromEnv({
        NODE_ENV: 'production',
        PORTICO_PROJECTS: 'acme=https://app.acme.example',
        PORTICO_AUTH_FRAME_KEY: randomBytes(32).toString('hex'),
        PORTICO_AUTH_FRAME_SMTP_URL: 'smtps://mail.acme.example',
        PORTICO_AUTH_FRAME_SMTP_FROM: 'Acme <login@acme.example>',
      }),
      port: 0,
      logLevel: 'silent',
      database: { kind: 'sqlite', file: join(dir, 'prod.sqlite') },
    })
    try {
      expect(server.config.production).toBe(true)
      expect(server.config.projects).toEqual({ acme: { allowedOrigins: ['https://app.acme.example'] } })
      expect(server.mailboxUrl).toBeUndefined()
      expect((await fetch(`${server.url}/health`)).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

describe('the dev stack’s one origin list (PORTICO_APP_ORIGINS)', () => {
  it("lets a team's own app on another port embed the frame, and no other page", async () => {
    const projects = devStackProjects('http://localhost:4173', {
      PORTICO_APP_ORIGINS: 'http://localhost:5173',
    })
    const server = await startAuthFrame({
      port: 0,
      logLevel: 'silent',
      database: { kind: 'sqlite', file: join(dir, 'dev-stack.sqlite') },
      serverKeyFile: join(dir, 'dev-stack-key'),
      mailer: { send: async () => {} },
      projects: Object.fromEntries(Object.entries(projects).map(([id, o]) => [id, { allowedOrigins: o }])),
    })
    const frame = (parentOrigin: string) =>
      fetch(
        `${server.frameUrl}?projectId=portico-dev&chainId=31337&parentOrigin=${encodeURIComponent(parentOrigin)}`,
      )
    try {
      expect((await frame('http://localhost:4173')).status).toBe(200)
      expect((await frame('http://localhost:5173')).status).toBe(200)
      expect((await frame('http://localhost:5174')).status).toBe(403)
    } finally {
      await server.close()
    }
  })
})
