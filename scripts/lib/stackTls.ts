// The local stack behind nginx with TLS (startStack's `tls`): which https origin fronts which service,
// and starting nginx over the stack's plain-http services once they listen. The services themselves stay
// plain http on loopback; only what browsers are given (the demo's config, the auth frame's public URL,
// the projects' origins) changes to the https origins.
import path from 'node:path'
import { type NginxProcess, type ProxySite, startNginx } from './nginx.ts'
import type { HttpsPorts } from './ports.ts'
import { ensureCertificates, type TlsFiles } from './tls.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Where the stack keeps its CA and certificate by default (gitignored; reused while valid). */
export const DEFAULT_TLS_DIR = path.join(ROOT, '.tmp', 'tls')

export interface StackTlsOptions {
  ports: HttpsPorts
  /** The CA and certificate (default DEFAULT_TLS_DIR). */
  certificateDir?: string
  /** nginx's config, pid, log and temp files (default .tmp/nginx-<demo https port>). */
  nginxDir?: string
}

/** The origins browsers use under TLS: the demo on localhost, the services on 127.0.0.1, as in plain dev. */
export interface TlsOrigins {
  demo: string
  plugins: string
  api: string
  /** wss:// */
  relay: string
  authFrame: string
}

export function tlsOrigins(ports: HttpsPorts): TlsOrigins {
  return {
    demo: `https://localhost:${ports.demo}`,
    plugins: `https://127.0.0.1:${ports.plugins}`,
    api: `https://127.0.0.1:${ports.api}`,
    relay: `wss://127.0.0.1:${ports.relay}`,
    authFrame: `https://127.0.0.1:${ports.authFrame}`,
  }
}

/**
 * The services trust X-Forwarded-For / -Proto only from this: the nginx on this machine (proxy-addr's
 * `loopback` range), so a client elsewhere cannot choose its own address.
 */
export const TRUST_LOOPBACK_PROXY = ['loopback']

export interface StackTls {
  files: TlsFiles
  origins: TlsOrigins
  nginx: NginxProcess
}

/** Certificates (made or reused), then nginx with one TLS server per origin over `upstreams` (http URLs). */
export async function startTlsProxy(
  options: StackTlsOptions,
  upstreams: Record<keyof HttpsPorts, string>,
  log: (line: string) => void = () => {},
): Promise<StackTls> {
  const files = ensureCertificates({ dir: options.certificateDir ?? DEFAULT_TLS_DIR, log })
  const { ports } = options
  const sites: ProxySite[] = [
    { name: 'demo (the app)', port: ports.demo, upstream: upstreams.demo },
    { name: 'plugin remotes', port: ports.plugins, upstream: upstreams.plugins },
    { name: 'blockchain API', port: ports.api, upstream: upstreams.api },
    { name: 'WalletConnect relay', port: ports.relay, upstream: upstreams.relay, websocket: true },
    { name: 'auth frame', port: ports.authFrame, upstream: upstreams.authFrame },
  ]
  const nginx = await startNginx({
    dir: options.nginxDir ?? path.join(ROOT, '.tmp', `nginx-${ports.demo}`),
    certificate: files.fullchain,
    certificateKey: files.key,
    sites,
  })
  log(`nginx: ${nginx.configFile} (TLS with the CA ${files.caCert})`)
  return { files, origins: tlsOrigins(ports), nginx }
}

/** The relay's ws:// URL as the http:// URL nginx proxies to. */
export const httpUpstream = (url: string) => url.replace(/^ws:/, 'http:')
