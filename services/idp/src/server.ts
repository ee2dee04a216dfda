/**
 * The IdP server on one port: oidc-provider's routes (Google, Apple, Facebook), the GitHub, Discord
 * and X modes under /github, /discord and /x, the dev sign-in page and the farcaster relay.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { observeNodeRequest, refuseDevDefaults, type ServiceLog } from '@portico/ops'
import { devFarcasterAccounts } from './farcaster/accounts.ts'
import { ChannelStore } from './farcaster/channels.ts'
import { handleFarcaster } from './farcaster/relay.ts'
import { page } from './html.ts'
import { HttpError, sendHtml, sendJson } from './http.ts'
import { handleInteraction } from './interactions.ts'
import { createOAuth2Modes } from './modes/oauth2.ts'
import { idpObservability } from './observability.ts'
import { AccountStore, createOidcProvider } from './oidc.ts'
import { idpDevDefaults } from './production.ts'

export interface IdpOptions {
  /** PORTICO_ENV or NODE_ENV=production: start-up refuses every dev default (production.ts). */
  production?: boolean
  /** Bearer token GET /metrics requires (PORTICO_METRICS_TOKEN); without one open, not served in production. */
  metricsToken?: string
  host?: string
  /** 0 picks a free port. */
  port: number
  /** The redirect URIs every client accepts: the auth frame's social callback. */
  redirectUris: string[]
  /** The seed both sides derive the dev client secrets and the dev Apple key from (default 'portico-dev-idp'). */
  clientSecretSeed?: string
  /** The seed of the dev farcaster custody keys. */
  farcasterSeed?: string
  /** JSON log: one line per request. */
  log?: ServiceLog
}

export interface Idp {
  /** The issuer and base URL, e.g. http://127.0.0.1:4201. */
  url: string
  close(): Promise<void>
}

export async function startIdp(options: IdpOptions): Promise<Idp> {
  if (options.production) refuseDevDefaults('The IdP', idpDevDefaults(options))
  const host = options.host ?? '127.0.0.1'
  for (const uri of options.redirectUris) {
    const parsed = new URL(uri)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new Error(`Redirect URI must be http(s): ${uri}`)
  }
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${host}:${port}`
  const accounts = new AccountStore()
  const provider = createOidcProvider({
    issuer: url,
    redirectUris: options.redirectUris,
    accounts,
    ...(options.clientSecretSeed ? { clientSecretSeed: options.clientSecretSeed } : {}),
    ...(options.log
      ? { onAppleSecretRefused: (reason) => options.log?.warn('apple client secret refused', { reason }) }
      : {}),
  })
  const oidc = provider.callback()
  const oauth2Modes = createOAuth2Modes({
    redirectUris: options.redirectUris,
    ...(options.clientSecretSeed ? { clientSecretSeed: options.clientSecretSeed } : {}),
  })
  const farcaster = {
    baseUrl: url,
    channels: new ChannelStore(),
    accounts: devFarcasterAccounts(options.farcasterSeed),
  }
  const observability = {
    ...idpObservability({ production: options.production ?? false, token: options.metricsToken }),
    ...(options.log ? { accessLog: options.log } : {}),
  }
  server.on('request', (req, res) => {
    const requestUrl = new URL(req.url ?? '/', url)
    const route = async () => {
      if ((await observeNodeRequest(req, res, observability)).handled) return
      if (await handleFarcaster(farcaster, req, res, requestUrl)) return
      if (await oauth2Modes(req, res, requestUrl)) return
      if (await handleInteraction(provider, accounts, req, res, requestUrl.pathname)) return
      oidc(req, res)
    }
    route().catch((error: unknown) => {
      if (res.headersSent) return res.end()
      if (error instanceof HttpError) return sendJson(res, error.status, { error: error.message })
      const message = (error as { error_description?: string }).error_description ?? 'Something went wrong'
      sendHtml(res, 400, page('Sign-in error', `<p role="alert">${message.replace(/[&<>"']/g, '')}</p>`))
    })
  })
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
