import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { type NginxProcess, nginxConfig, startNginx } from './nginx.ts'
import { freePort } from './redis.mjs'
import { ensureCertificates, type TlsFiles } from './tls.ts'

const input = {
  dir: '/tmp/n',
  certificate: '/tmp/t/fullchain.crt',
  certificateKey: '/tmp/t/server.key',
  sites: [
    { name: 'demo', port: 9443, upstream: 'http://127.0.0.1:9173' },
    { name: 'relay', port: 9444, upstream: 'http://127.0.0.1:9190', websocket: true },
  ],
}

describe('nginxConfig', () => {
  const config = nginxConfig(input)
  const servers = config.split(/\n {2}server \{/).slice(1)

  it('has one TLS server per site on loopback, proxying to its upstream', () => {
    expect(servers).toHaveLength(2)
    expect(servers[0]).toContain('listen 127.0.0.1:9443 ssl;')
    expect(servers[0]).toContain('proxy_pass http://127.0.0.1:9173;')
    expect(servers[1]).toContain('listen 127.0.0.1:9444 ssl;')
    expect(config).toContain('ssl_certificate "/tmp/t/fullchain.crt";')
    expect(config).toContain('ssl_protocols TLSv1.2 TLSv1.3;')
    expect(config).toContain('pid "/tmp/n/nginx.pid";')
  })

  it('sends HSTS on every answer and redirects plain http on each port', () => {
    for (const server of servers) {
      expect(server).toContain('add_header Strict-Transport-Security "max-age=31536000" always;')
      expect(server).toContain('error_page 497 =301 https://$host:$server_port$request_uri;')
    }
    expect(nginxConfig({ ...input, hstsMaxAge: 60 })).toContain('"max-age=60" always')
  })

  it('replaces X-Forwarded-For with the address nginx saw and says https', () => {
    for (const server of servers) {
      expect(server).toContain('proxy_set_header X-Forwarded-For $remote_addr;')
      expect(server).toContain('proxy_set_header X-Forwarded-Proto https;')
    }
    expect(config).not.toContain('$proxy_add_x_forwarded_for')
  })

  it('upgrades WebSockets only where asked', () => {
    expect(servers[1]).toContain('proxy_set_header Upgrade $http_upgrade;')
    expect(servers[1]).toContain('proxy_read_timeout 1h;')
    expect(servers[0]).not.toContain('Upgrade')
  })

  it('refuses two sites on a port and an upstream that is not loopback http', () => {
    const [first] = input.sites
    if (!first) throw new Error('no site')
    expect(() => nginxConfig({ ...input, sites: [first, { ...first, name: 'x' }] })).toThrow(/one port/)
    expect(() => nginxConfig({ ...input, sites: [{ ...first, upstream: 'http://example.com:80' }] })).toThrow(
      /loopback http/,
    )
    expect(() => nginxConfig({ ...input, sites: [{ ...first, upstream: 'https://127.0.0.1:1' }] })).toThrow(
      /loopback http/,
    )
  })
})

/** Debian's nginx (npm test installs it first: scripts/lib/setup.mjs ensureNginx). */
describe('startNginx (real nginx)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-nginx-'))
  let tls: TlsFiles
  let nginx: NginxProcess
  let upstream: http.Server
  let webPort: number
  let wsPort: number
  const seen: http.IncomingHttpHeaders[] = []

  beforeAll(async () => {
    tls = ensureCertificates({ dir: path.join(dir, 'tls') })
    upstream = http.createServer((req, res) => {
      seen.push(req.headers)
      res.end('hello')
    })
    const wss = new WebSocketServer({ server: upstream })
    wss.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo ${data}`)))
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const port = (upstream.address() as AddressInfo).port
    webPort = (await freePort()) as number
    wsPort = (await freePort()) as number
    nginx = await startNginx({
      dir: path.join(dir, 'nginx'),
      certificate: tls.fullchain,
      certificateKey: tls.key,
      sites: [
        { name: 'web', port: webPort, upstream: `http://127.0.0.1:${port}` },
        { name: 'ws', port: wsPort, upstream: `http://127.0.0.1:${port}`, websocket: true },
      ],
    })
  })
  afterAll(async () => {
    await nginx?.stop()
    await new Promise((resolve) => upstream?.close(resolve))
    rmSync(dir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const client = url.startsWith('https:') ? https : http
      const request = client.get(url, { ca: readFileSync(tls.caCert), headers }, (res) => {
        let body = ''
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      request.on('error', reject)
    })

  it('serves the upstream over TLS with a certificate the CA verifies, HSTS on, forwarded headers set', async () => {
    const answer = await get(`https://localhost:${webPort}/x`, { 'x-forwarded-for': '6.6.6.6' })
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('hello')
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000')
    const headers = seen.at(-1)
    expect(headers?.['x-forwarded-for']).toBe('127.0.0.1')
    expect(headers?.['x-forwarded-proto']).toBe('https')
    expect(headers?.host).toBe(`localhost:${webPort}`)
  })

  it('redirects plain http on the TLS port to https', async () => {
    const answer = await get(`http://127.0.0.1:${webPort}/path?q=1`)
    expect(answer.status).toBe(301)
    expect(answer.headers.location).toBe(`https://127.0.0.1:${webPort}/path?q=1`)
  })

  it('passes a WebSocket through as wss', async () => {
    const socket = new WebSocket(`wss://127.0.0.1:${wsPort}/`, { ca: readFileSync(tls.caCert) })
    const reply = await new Promise<string>((resolve, reject) => {
      socket.once('open', () => socket.send('ping'))
      socket.once('message', (data) => resolve(String(data)))
      socket.once('error', reject)
    })
    socket.close()
    expect(reply).toBe('echo ping')
  })
})
