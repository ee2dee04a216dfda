import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { AuthFrameConfig } from '../config.ts'
import { framePageRoutes } from './framePage.ts'

const config = {
  projects: { demo: { allowedOrigins: ['https://app.example'] } },
} as unknown as AuthFrameConfig

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((part) => [part.split(' ')[0], part.slice(part.indexOf(' ') + 1)]),
  )

describe('the frame page’s Content-Security-Policy', () => {
  it('requires Trusted Types for scripts and names the frame’s one policy; only the allowed app may embed it', async () => {
    const app = Fastify()
    framePageRoutes(app, config)
    const response = await app.inject({
      method: 'GET',
      url: `/frame?projectId=demo&parentOrigin=${encodeURIComponent('https://app.example')}`,
    })
    expect(response.statusCode).toBe(200)
    const policy = directives(String(response.headers['content-security-policy']))
    expect(policy['require-trusted-types-for']).toBe("'script'")
    expect(policy['trusted-types']).toBe('portico-frame')
    expect(policy['script-src']).toBe("'self'")
    expect(policy['frame-ancestors']).toBe('https://app.example')
    await app.close()
  })
})
