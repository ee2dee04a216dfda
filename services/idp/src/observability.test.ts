import { parsePrometheusText, samplesOf } from '@portico/ops'
import { describe, expect, it } from 'vitest'
import { idpRouteOf } from './observability.ts'
import { startIdp } from './server.ts'

describe('IdP observability', () => {
  it('/metrics counts requests by route pattern; /health and /ready answer', async () => {
    const idp = await startIdp({ port: 0, redirectUris: ['http://127.0.0.1:4200/social/callback'] })
    try {
      await fetch(`${idp.url}/.well-known/openid-configuration`)
      for (const fid of [1, 2, 3]) await fetch(`${idp.url}/farcaster/v1/fid/${fid}`)
      expect((await fetch(`${idp.url}/health`)).status).toBe(200)
      expect((await fetch(`${idp.url}/ready`)).status).toBe(200)
      const samples = parsePrometheusText(await (await fetch(`${idp.url}/metrics`)).text())
      const count = (route: string) =>
        samplesOf(samples, 'portico_http_requests_total', { service: 'idp', route }).reduce(
          (n, s) => n + s.value,
          0,
        )
      expect(count('/.well-known/openid-configuration')).toBe(1)
      expect(count('/farcaster/v1/fid/:fid')).toBe(3)
      expect(count('/health')).toBe(1)
    } finally {
      await idp.close()
    }
  })

  it('maps paths to its own patterns only', () => {
    expect(idpRouteOf('/interaction/abc123/login')).toBe('/interaction/:uid/login')
    expect(idpRouteOf('/auth/xyz')).toBe('/auth/:uid')
    expect(idpRouteOf('/interaction/a/b/c')).toBeUndefined()
    expect(idpRouteOf('/anything-else')).toBeUndefined()
  })
})
