// @vitest-environment jsdom

import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSharedFrames } from '../../embedded-wallet/src/session.ts'
import { FRAME_URL } from '../../embedded-wallet/test/testPeer.ts'
import { SocialButtons } from './SocialButtons.tsx'

function setup() {
  const state = {
    ...connectedState('0x1111111111111111111111111111111111111111'),
    options: { projectId: 'p', authFrameUrl: FRAME_URL, features: { socials: ['google', 'github'] } },
    theme: { themeMode: 'dark', themeVariables: {} },
  } as unknown as KernelState
  return fakeContext(state, { pluginId: 'socials' }).ctx
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  for (const frame of document.querySelectorAll('iframe')) frame.remove()
  forgetSharedFrames()
})

describe('social buttons', () => {
  it('pointing at a provider loads the frame ahead of the click at once', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1)
    vi.stubGlobal('cancelIdleCallback', () => {})
    render(<SocialButtons ctx={setup()} />)
    expect(document.querySelector('iframe')).toBeNull()
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Social login' }))
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull())
  })

  it('shown, they load the frame when the browser is idle, so a press waits for nothing', async () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    vi.stubGlobal('cancelIdleCallback', () => {})
    render(<SocialButtons ctx={setup()} />)
    expect(document.querySelector('iframe')).toBeNull()
    expect(idle).toHaveLength(1)
    idle[0]?.()
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull())
  })
})
