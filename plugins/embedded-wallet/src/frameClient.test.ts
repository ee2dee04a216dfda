// @vitest-environment jsdom
import { MESSAGES } from '@portico/shared-types'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { attachPeer, FRAME_ORIGIN, FRAME_URL } from '../test/testPeer.ts'
import { createFrameClient, FRAME_Z_INDEX, type FrameClient, frameUrl } from './frameClient.ts'

let client: FrameClient | undefined

function setup(extra: Partial<Parameters<typeof createFrameClient>[0]> = {}) {
  client = createFrameClient({ url: FRAME_URL, projectId: 'p1', chainId: 31337, version: '4', ...extra })
  const peer = attachPeer()
  return { client, peer }
}

afterEach(() => {
  client?.destroy()
  client = undefined
  vi.useRealTimers()
})

describe('frameUrl', () => {
  it('adds the behaviour §7 load parameters', () => {
    const url = frameUrl({ url: FRAME_URL, projectId: 'p1', chainId: 1, version: '4', enableLogger: false })
    expect(url.origin).toBe(FRAME_ORIGIN)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      chainId: '1',
      version: '4',
      enableLogger: 'false',
      parentOrigin: window.location.origin,
    })
  })

  it.each(['javascript:alert(1)', 'data:text/html,x', 'not a url', '/relative'])('refuses %s', (url) => {
    expect(() => frameUrl({ url, projectId: 'p' })).toThrow(MESSAGES.emailDependencyFailed)
  })
})

describe('createFrameClient', () => {
  it('adds one hidden full-page iframe at z-index 999999 and removes it on destroy', () => {
    const { client } = setup()
    const frames = document.querySelectorAll('iframe')
    expect(frames).toHaveLength(1)
    expect(frames[0]?.style.zIndex).toBe(String(FRAME_Z_INDEX))
    expect(frames[0]?.style.display).toBe('none')
    expect(frames[0]?.src.startsWith(`${FRAME_URL}?projectId=p1`)).toBe(true)
    // WebAuthn is delegated to the frame (its passkey view), nothing else.
    expect(frames[0]?.getAttribute('allow')).toBe('publickey-credentials-get; publickey-credentials-create')
    client.destroy()
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })

  it('waits for READY, posts to the exact frame origin with a random id and matches the reply', async () => {
    const { client, peer } = setup()
    peer.handle('GET_CHAIN_ID', () => ({ ok: true, payload: { chainId: 31337 } }))
    const reply = client.request('GET_CHAIN_ID', undefined)
    await Promise.resolve()
    expect(peer.posted).toHaveLength(0) // not before READY
    peer.ready()
    await expect(reply).resolves.toEqual({ chainId: 31337 })
    expect(peer.targetOrigins).toEqual([FRAME_ORIGIN])
    expect(peer.posted[0]?.type).toBe('@portico/app/GET_CHAIN_ID')
    const second = client.request('GET_CHAIN_ID', undefined)
    await second
    expect(peer.posted[1]?.id).not.toBe(peer.posted[0]?.id)
  })

  it('ignores a reply from a foreign origin or a foreign window', async () => {
    const { client, peer } = setup()
    peer.ready()
    const reply = client.request('IS_CONNECTED', {})
    await vi.waitFor(() => expect(peer.posted).toHaveLength(1))
    const id = peer.posted[0]?.id
    const forged = { id, type: '@portico/frame/IS_CONNECTED_SUCCESS', payload: { isConnected: true } }
    peer.send(forged, { origin: 'https://evil.test' })
    peer.send(forged, { source: window })
    peer.send({ ...forged, type: '@portico/frame/GET_USER_SUCCESS' }) // a reply of another type
    let settled = false
    void reply.then(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(settled).toBe(false)
    peer.send({ ...forged, payload: { isConnected: false } })
    await expect(reply).resolves.toEqual({ isConnected: false })
  })

  it('a READY from a foreign origin does not count', async () => {
    const { client, peer } = setup({ readyTimeoutMs: 50 })
    peer.send({ type: '@portico/frame/READY' }, { origin: 'https://evil.test' })
    await expect(client.ready()).rejects.toThrow(MESSAGES.emailDependencyFailed)
  })

  it("an error reply rejects with its message, else 'An error occurred'", async () => {
    const { client, peer } = setup()
    peer.ready()
    peer.handle('CONNECT_OTP', (message) =>
      (message.payload as { otp: string }).otp === '1'
        ? { ok: false, message: 'Invalid code' }
        : { ok: false },
    )
    await expect(client.request('CONNECT_OTP', { otp: '1' })).rejects.toThrow('Invalid code')
    await expect(client.request('CONNECT_OTP', { otp: '2' })).rejects.toThrow(MESSAGES.anErrorOccurred)
  })

  it("a connect call times out after 30 s with 'Something went wrong' and the timeout callback", async () => {
    vi.useFakeTimers()
    const onTimeout = vi.fn()
    const { client, peer } = setup({ onTimeout })
    peer.ready()
    const reply = client.request('CONNECT_EMAIL', { email: 'a@b.co' })
    const settled = expect(reply).rejects.toThrow(MESSAGES.somethingWentWrong)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(onTimeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await settled
    expect(onTimeout).toHaveBeenCalledWith('CONNECT_EMAIL')
  })

  it("an aborted RPC is 'Request was aborted', another aborted call 'Something went wrong'", async () => {
    const { client, peer } = setup()
    peer.ready()
    const rpc = new AbortController()
    const other = new AbortController()
    const a = client.request('RPC_REQUEST', { method: 'eth_chainId' }, { signal: rpc.signal })
    const b = client.request('GET_USER', {}, { signal: other.signal })
    await vi.waitFor(() => expect(peer.posted).toHaveLength(2))
    rpc.abort()
    other.abort()
    await expect(a).rejects.toThrow(MESSAGES.requestAborted)
    await expect(b).rejects.toThrow(MESSAGES.somethingWentWrong)
  })

  it("the Farcaster QR's call, cancelled or timed out, is never 'Something went wrong' (behaviour §8)", async () => {
    vi.useFakeTimers()
    const { client, peer } = setup()
    peer.ready()
    const cancel = new AbortController()
    const cancelled = client.request('GET_FARCASTER_URI', undefined, { signal: cancel.signal })
    const timedOut = client.request('GET_FARCASTER_URI', undefined, { timeoutMs: 1_000 })
    const cancelledSettles = expect(cancelled).rejects.toThrow(/^The Farcaster sign-in was cancelled\.$/)
    const timedOutSettles = expect(timedOut).rejects.toThrow(/^The request took too long to respond$/)
    cancel.abort()
    await vi.advanceTimersByTimeAsync(1_000)
    await cancelledSettles
    await timedOutSettles
  })

  it("after destroy, calls fail with 'W3mFrame: iframe is not set' and open calls are rejected", async () => {
    const { client, peer } = setup()
    peer.ready()
    const open = client.request('GET_USER', {})
    await vi.waitFor(() => expect(peer.posted).toHaveLength(1))
    client.destroy()
    await expect(open).rejects.toThrow(MESSAGES.iframeNotSet)
    await expect(client.request('GET_USER', {})).rejects.toThrow(MESSAGES.iframeNotSet)
  })

  it('forwards SESSION_UPDATE events from the frame only', async () => {
    const { client, peer } = setup()
    const listener = vi.fn()
    client.on('SESSION_UPDATE', listener)
    peer.send(
      { type: '@portico/frame/SESSION_UPDATE', payload: { token: 'evil' } },
      { origin: 'https://x.test' },
    )
    peer.send({ type: '@portico/frame/SESSION_UPDATE', payload: { token: 't1' } })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener).toHaveBeenCalledWith({ token: 't1' })
  })

  it('ignores malformed messages without throwing', () => {
    const { peer } = setup()
    for (const data of [
      null,
      'x',
      42,
      [],
      { type: 7 },
      { type: '@portico/frame/X_SUCCESS' },
      { id: {}, type: '@portico/frame/GET_USER_SUCCESS' },
    ])
      expect(() => peer.send(data)).not.toThrow()
  })
})
