import { type Idp, startIdp } from '@portico/idp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SocialContext } from '../socialSeam.ts'
import { createSocialLogin, FARCASTER_ERRORS, type SocialLogin } from './index.ts'

/** The login's farcaster part (configured here: every login of this file has a relay). */
function farcasterOf(login: SocialLogin) {
  if (!login.farcaster) throw new Error('no farcaster relay configured')
  return login.farcaster
}

const FRAME = 'http://localhost:4999'
const ctx: SocialContext = {
  projectId: 'p1',
  parentOrigin: 'http://localhost:5555',
  deviceHash: 'device-1',
  frameOrigin: FRAME,
}
let idp: Idp
let social: ReturnType<typeof createSocialLogin>

beforeAll(async () => {
  idp = await startIdp({ port: 0, redirectUris: [`${FRAME}/social/callback`] })
  social = createSocialLogin({ idpUrl: idp.url, farcasterPollMs: 20 })
})
afterAll(() => idp?.close())

const approve = (url: string, fid: number) =>
  fetch(`${idp.url}/farcaster/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channelToken: new URL(url).searchParams.get('channelToken'), fid: String(fid) }),
  })

describe('farcaster login through the local relay', () => {
  it('gives a QR URI, waits for the dev approver, and verifies the signed message', async () => {
    const { url } = await farcasterOf(social).farcasterUri(ctx)
    expect(url).toMatch(new RegExp(`^${idp.url}/farcaster/approve\\?channelToken=[0-9a-f-]{36}$`))
    let settled = false
    const connecting = farcasterOf(social)
      .connectFarcaster(ctx)
      .finally(() => {
        settled = true
      })
    // Still waiting while the relay reports pending.
    const status = await fetch(`${idp.url}/farcaster/v1/channel/status`, {
      headers: { authorization: `Bearer ${new URL(url).searchParams.get('channelToken')}` },
    })
    expect(status.status).toBe(202)
    expect(settled).toBe(false)
    expect((await approve(url, 20001)).status).toBe(200)
    expect(await connecting).toEqual({ provider: 'farcaster', subject: '20001', userName: 'alice' })
    // The channel is spent.
    await expect(farcasterOf(social).connectFarcaster(ctx)).rejects.toThrow(FARCASTER_ERRORS.noLogin)
  })

  it("keeps each frame's channel its own: another frame cannot complete it", async () => {
    const { url } = await farcasterOf(social).farcasterUri(ctx)
    await expect(farcasterOf(social).connectFarcaster({ ...ctx, deviceHash: 'device-2' })).rejects.toThrow(
      FARCASTER_ERRORS.noLogin,
    )
    await approve(url, 20002)
    expect(await farcasterOf(social).connectFarcaster(ctx)).toEqual({
      provider: 'farcaster',
      subject: '20002',
      userName: 'bob',
    })
  })

  it('a second CONNECT_FARCASTER while one waits shares its wait (one poll loop per channel)', async () => {
    const { url } = await farcasterOf(social).farcasterUri(ctx)
    const first = farcasterOf(social).connectFarcaster(ctx)
    const second = farcasterOf(social).connectFarcaster(ctx)
    expect(second).toBe(first)
    await approve(url, 20001)
    expect(await second).toEqual({ provider: 'farcaster', subject: '20001', userName: 'alice' })
  })

  it('a new QR code replaces the previous one of the same frame', async () => {
    const first = await farcasterOf(social).farcasterUri(ctx)
    const second = await farcasterOf(social).farcasterUri(ctx)
    await approve(first.url, 20001)
    await approve(second.url, 20002)
    expect((await farcasterOf(social).connectFarcaster(ctx))?.subject).toBe('20002')
  })

  it('reports an unreachable relay', async () => {
    const offline = createSocialLogin({ idpUrl: 'http://127.0.0.1:9' })
    await expect(farcasterOf(offline).farcasterUri(ctx)).rejects.toThrow(FARCASTER_ERRORS.unavailable)
  })
})
