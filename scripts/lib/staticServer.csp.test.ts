import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type StaticServer, startStaticServer } from './staticServer.ts'

let server: StaticServer
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'static-server-csp-'))
  writeFileSync(path.join(dir, 'index.html'), '<html><head><style>a{}</style></head><body></body></html>')
  writeFileSync(path.join(dir, 'main.js'), 'export {}\n')
  server = await startStaticServer({
    host: '127.0.0.1',
    port: 0,
    mounts: [
      { prefix: '/', dir, contentSecurityPolicy: (search, nonce) => `script-src 'nonce-${nonce}' ${search}` },
    ],
    injectHead: '<script>window.env=1</script>',
  })
})

afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

it('serves a page under its policy, the nonce on each of its script and style elements, fresh per response', async () => {
  const nonces = new Set<string>()
  for (const _ of [1, 2]) {
    const response = await fetch(`${server.url}/?x=1`)
    const policy = response.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? ''
    expect(policy).toBe(`script-src 'nonce-${nonce}' ?x=1`)
    expect(await response.text()).toBe(
      `<html><head><style nonce="${nonce}">a{}</style><script nonce="${nonce}">window.env=1</script></head><body></body></html>`,
    )
    nonces.add(nonce)
  }
  expect(nonces.size).toBe(2)
  const script = await fetch(`${server.url}/main.js`)
  expect(script.headers.get('content-security-policy')).toBeNull()
})
