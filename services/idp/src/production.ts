/**
 * What the IdP refuses in production (PORTICO_ENV or NODE_ENV=production), all listed in one start-up
 * error (@portico/ops refuseDevDefaults). The IdP plays Google, GitHub, … with a sign-in page where
 * anyone picks a dev user: it is a dev stand-in, so production always refuses it; the auth frame
 * talks to each provider's own endpoints there instead.
 */
import { type DevDefault, isLoopbackOrigin } from '@portico/ops'
import type { IdpOptions } from './server.ts'

export function idpDevDefaults(options: IdpOptions): DevDefault[] {
  const problems: DevDefault[] = [
    {
      name: 'the dev sign-in page (anyone signs in as any dev user)',
      fix: "run the IdP for development only; configure the auth frame with each provider's own endpoints",
    },
  ]
  if (options.clientSecretSeed === undefined || options.clientSecretSeed === 'portico-dev-idp')
    problems.push({
      name: 'dev IdP secrets (client secrets derived from the public seed "portico-dev-idp")',
      fix: 'set PORTICO_IDP_CLIENT_SECRET_SEED to a secret',
    })
  if (options.clientSecretSeed === undefined || options.clientSecretSeed === 'portico-dev-idp')
    problems.push({
      name: 'the dev Apple key (the Sign in with Apple key derived from the public seed "portico-dev-idp")',
      fix: 'set PORTICO_IDP_CLIENT_SECRET_SEED to a secret',
    })
  if (options.farcasterSeed === undefined)
    problems.push({
      name: 'dev farcaster custody keys (derived from the public seed "portico-dev-farcaster")',
      fix: 'the local farcaster relay is for development only',
    })
  const redirects = options.redirectUris.map((uri) => new URL(uri).origin)
  if (redirects.length > 0 && redirects.every(isLoopbackOrigin))
    problems.push({
      name: `localhost-only redirect URIs (${options.redirectUris.join(', ')})`,
      fix: "set PORTICO_AUTH_FRAME_URL to the auth frame's public https origin",
    })
  return problems
}
