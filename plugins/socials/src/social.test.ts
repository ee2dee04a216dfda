// @vitest-environment jsdom
import { MESSAGES } from '@portico/shared-types'
import { SOCIAL_CALLBACK_MESSAGE } from '@portico/shared-types/frame'
import { afterEach, describe, expect, it } from 'vitest'
import { configuredSocials, socialLoginUrl, waitForCallback } from './social.ts'

const FRAME = 'https://frame.test'

function fakePopup(): Window {
  const frame = document.createElement('iframe')
  document.body.appendChild(frame)
  if (!frame.contentWindow) throw new Error('no window')
  return frame.contentWindow
}

const post = (data: unknown, origin: string, source: Window) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }))

afterEach(() => {
  for (const frame of document.querySelectorAll('iframe')) frame.remove()
})

describe('configuredSocials', () => {
  it('keeps the app order, drops unknown names and duplicates, and sets farcaster apart', () => {
    expect(configuredSocials(['x', 'google', 'farcaster', 'myspace' as 'x', 'google'])).toEqual({
      providers: ['x', 'google'],
      farcaster: true,
    })
    expect(configuredSocials(false)).toEqual({ providers: [], farcaster: false })
  })
})

describe('socialLoginUrl (behaviour §8)', () => {
  it('takes an http(s) provider URL with a state; without one it throws', () => {
    const url = 'https://idp.test/authorize?client_id=c&state=s1&code_challenge=x'
    expect(socialLoginUrl(url)).toBe(url)
    expect(() => socialLoginUrl('https://idp.test/authorize?client_id=c')).toThrow(
      'Missing state parameter in the social login URL',
    )
    expect(() => socialLoginUrl('https://idp.test/authorize?state=')).toThrow(
      'Missing state parameter in the social login URL',
    )
    expect(() => socialLoginUrl('javascript:alert(1)//?state=s')).toThrow(MESSAGES.somethingWentWrong)
  })
})

describe('waitForCallback', () => {
  it('takes the callback only from the frame origin and from its own popup', async () => {
    const popup = fakePopup()
    const other = fakePopup()
    const callback = waitForCallback(FRAME, popup)
    const message = { type: SOCIAL_CALLBACK_MESSAGE, payload: { uri: `${FRAME}/social/callback?code=good` } }
    post({ ...message, payload: { uri: 'https://evil.test/?code=forged' } }, 'https://evil.test', popup)
    post({ ...message, payload: { uri: `${FRAME}/social/callback?code=other` } }, FRAME, other)
    post({ type: 'something else', payload: { uri: 'x' } }, FRAME, popup)
    post({ ...message, payload: { uri: 7 } }, FRAME, popup)
    post(message, FRAME, popup)
    await expect(callback).resolves.toBe(`${FRAME}/social/callback?code=good`)
  })

  it("an abort rejects with 'Something went wrong'", async () => {
    const controller = new AbortController()
    const callback = waitForCallback(FRAME, fakePopup(), controller.signal)
    controller.abort()
    await expect(callback).rejects.toThrow(MESSAGES.somethingWentWrong)
  })
})
