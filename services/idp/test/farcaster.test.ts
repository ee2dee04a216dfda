import { recoverMessageAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devFarcasterAccounts, type Idp, startIdp } from '../src/index.ts'

let idp: Idp
beforeAll(async () => {
  idp = await startIdp({ port: 0, redirectUris: ['http://localhost:4999/social/callback'] })
})
afterAll(() => idp?.close())

const post = (path: string, body: unknown) =>
  fetch(`${idp.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const status = (token: string) =>
  fetch(`${idp.url}/farcaster/v1/channel/status`, { headers: { authorization: `Bearer ${token}` } })
const request = { domain: 'localhost:4999', siweUri: 'http://localhost:4999/', nonce: 'abcdef123456' }

describe('farcaster relay and dev approver', () => {
  it('creates a channel, stays pending until the approver signs, then returns a SIWF message signed by the custody key', async () => {
    const created = await post('/farcaster/v1/channel', request)
    expect(created.status).toBe(201)
    const { channelToken, url, nonce } = await created.json()
    expect(nonce).toBe(request.nonce)
    expect(url).toBe(`${idp.url}/farcaster/approve?channelToken=${channelToken}`)
    expect((await status(channelToken)).status).toBe(202)

    const page = await fetch(url)
    expect(await page.text()).toContain('localhost:4999</strong> asks you to sign in')
    const approved = await fetch(`${idp.url}/farcaster/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channelToken, fid: '20002' }).toString(),
    })
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain('Approved: signed in as @bob')

    const done = await status(channelToken)
    expect(done.status).toBe(200)
    const result = await done.json()
    const bob = devFarcasterAccounts()[1]
    expect(result).toMatchObject({
      state: 'completed',
      fid: 20002,
      username: 'bob',
      custody: bob?.custody.address,
    })
    const message = parseSiweMessage(result.message)
    expect(message).toMatchObject({
      domain: 'localhost:4999',
      nonce: request.nonce,
      chainId: 10,
      resources: ['farcaster://fid/20002'],
    })
    expect(await recoverMessageAddress({ message: result.message, signature: result.signature })).toBe(
      bob?.custody.address,
    )
    const registry = await (await fetch(`${idp.url}/farcaster/v1/fid/20002`)).json()
    expect(registry.custody).toBe(bob?.custody.address)

    const again = await post('/farcaster/approve', { channelToken, fid: '20001' })
    expect(again.status).toBe(409)
  })

  it('refuses bad channel requests, unknown tokens and unknown fids', async () => {
    for (const bad of [
      { ...request, nonce: 'short' },
      { ...request, nonce: 'has spaces in it' },
      { ...request, siweUri: 'javascript:alert(1)' },
      { ...request, domain: 'evil.example/path' },
      { ...request, expirationTime: 'tomorrow' },
    ]) {
      const response = await post('/farcaster/v1/channel', bad)
      expect(response.status).toBe(400)
      expect((await response.json()).error).toMatch(/must|invalid/)
    }
    expect((await post('/farcaster/v1/channel', 'x'.repeat(9000))).status).toBe(413)
    expect((await status('00000000-0000-0000-0000-000000000000')).status).toBe(401)
    expect((await fetch(`${idp.url}/farcaster/v1/channel/status`)).status).toBe(401)
    const { channelToken } = await (await post('/farcaster/v1/channel', request)).json()
    expect((await post('/farcaster/approve', { channelToken, fid: '999' })).status).toBe(400)
    expect((await post('/farcaster/approve', { channelToken: 'nope', fid: '20001' })).status).toBe(404)
    expect((await fetch(`${idp.url}/farcaster/v1/fid/999`)).status).toBe(404)
  })
})
