// @vitest-environment jsdom
import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import { afterEach, describe, expect, it } from 'vitest'
import { FRAME_URL } from '../test/testPeer.ts'
import { forgetSharedFrames, sessionOf } from './session.ts'

const contextOf = (pluginId: string) => {
  const state = {
    ...connectedState('0x1111111111111111111111111111111111111111'),
    options: { projectId: 'p', authFrameUrl: FRAME_URL },
    theme: { themeMode: 'dark', themeVariables: {} },
  } as unknown as KernelState
  return fakeContext(state, { pluginId }).ctx
}

afterEach(() => {
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
