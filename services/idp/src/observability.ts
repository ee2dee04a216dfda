/**
 * The IdP's metrics (@portico/ops): requests by route pattern; sign-ins show as the
 * `/interaction/:uid/login` route. It depends on nothing else, so /ready is ready once it listens.
 */
import { createServiceMetrics, type MetricsAccess, type NodeHttpObservability } from '@portico/ops'

const EXACT = new Set([
  '/.well-known/openid-configuration',
  '/auth',
  '/token',
  '/me',
  '/jwks',
  '/session/end',
  '/token/revocation',
  '/token/introspection',
  '/farcaster/v1/channel',
  '/farcaster/v1/channel/status',
  '/farcaster/approve',
])
const PATTERNS: Array<[RegExp, string]> = [
  [/^\/auth\/[^/]+$/, '/auth/:uid'],
  [/^\/interaction\/[^/]+$/, '/interaction/:uid'],
  [/^\/interaction\/[^/]+\/login$/, '/interaction/:uid/login'],
  [/^\/interaction\/[^/]+\/abort$/, '/interaction/:uid/abort'],
  [/^\/farcaster\/v1\/fid\/\d+$/, '/farcaster/v1/fid/:fid'],
]

export function idpRouteOf(path: string): string | undefined {
  if (EXACT.has(path)) return path
  return PATTERNS.find(([pattern]) => pattern.test(path))?.[1]
}

export function idpObservability(access: MetricsAccess): NodeHttpObservability {
  return {
    metrics: createServiceMetrics('idp'),
    access,
    health: true,
    routeOf: (_method, path) => idpRouteOf(path),
    ready: {},
  }
}
