// @vitest-environment jsdom
import { connectedState, fakeContext } from '@portico/plugin-testing'
import { type KernelState, MESSAGES } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { attachPeer, FRAME_URL } from '../test/testPeer.ts'
import { forgetSharedFrames, sessionOf } from './session.ts'

const contextOf = (pluginId: string, overrides: Partial<PluginContext> = {}) => {
  const state = {
    ...connectedState('0x1111111111111111111111111111111111111111'),
    options: { projectId: 'p', authFrameUrl: FRAME_URL },
    theme: { themeMode: 'dark', themeVariables: {} },
  } as unknown as KernelState
  return fakeContext(state, { pluginId, ...overrides }).ctx
}

afterEach(() => {
  vi.useRealTimers()
  for (const frame of document.querySelectorAll('iframe')) frame.remove()
  forgetSharedFrames()
})

describe('one frame per page', () => {
  it('the email and socials plugins share one frame and one queue of held requests', async () => {
    const email = sessionOf(contextOf('email'))
    const socials = sessionOf(contextOf('socials'))
    expect(await email.frame()).toBe(await socials.frame())
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    email.approvals.hold('personal_sign', ['0x00'], () => {})
    expect(socials.approvals.current()?.method).toBe('personal_sign')
  })
})

describe('a login call the frame never answers (behaviour §9 frame call timeout)', () => {
  it('fails after 30 s and asks the kernel for the socials-timeout alert', async () => {
    const alert = vi.fn()
    const session = sessionOf(contextOf('socials', { alert }))
    const opened = session.frame()
    await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull())
    attachPeer().ready()
    const frame = await opened
    vi.useFakeTimers()
    const settled = expect(frame.request('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).rejects.toThrow(
      MESSAGES.somethingWentWrong,
    )
    await vi.advanceTimersByTimeAsync(29_999)
    expect(alert).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await settled
    expect(alert).toHaveBeenCalledWith('socialsTimeout')
  })
})
