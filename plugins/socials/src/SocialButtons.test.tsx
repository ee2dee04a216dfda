// @vitest-environment jsdom

import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSharedFrames } from '../../embedded-wallet/src/session.ts'
import { FRAME_URL } from '../../embedded-wallet/test/testPeer.ts'
import { socialsPreview } from './preview.ts'
import { PROVIDER_MARKS } from './providerMarks.ts'
import { SocialButtons } from './SocialButtons.tsx'

function setup(socials: string[] = ['google', 'github']) {
  const state = {
    ...connectedState('0x1111111111111111111111111111111111111111'),
    options: { projectId: 'p', authFrameUrl: FRAME_URL, features: { socials } },
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
  it('lay out as their preview: the first wide with mark and name, the rest marks named "Continue with …"', () => {
    vi.stubGlobal('requestIdleCallback', () => 1)
    vi.stubGlobal('cancelIdleCallback', () => {})
    render(<SocialButtons ctx={setup(['github', 'farcaster', 'x', 'apple'])} preview={socialsPreview} />)
    const region = screen.getByRole('region', { name: 'Social login' })
    const buttons = [...region.querySelectorAll('button')]
    expect(buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual([
      'Continue with GitHub',
      'Continue with X',
      'Continue with Apple',
      'Continue with Farcaster',
    ])
    expect(buttons[0]?.textContent).toBe('Continue with GitHub')
    expect(buttons.map((button) => button.querySelector('path')?.getAttribute('d'))).toEqual([
      PROVIDER_MARKS.github,
      PROVIDER_MARKS.x,
      PROVIDER_MARKS.apple,
      PROVIDER_MARKS.farcaster,
    ])
    expect(region.querySelector('.pt-marks')?.querySelectorAll('button')).toHaveLength(3)
  })

  it('without a preview (the kernel dropped it) every provider is a wide button with its name', () => {
    vi.stubGlobal('requestIdleCallback', () => 1)
    vi.stubGlobal('cancelIdleCallback', () => {})
    render(<SocialButtons ctx={setup(['google', 'x'])} />)
    const region = screen.getByRole('region', { name: 'Social login' })
    expect([...region.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Continue with Google',
      'Continue with X',
    ])
    expect(region.querySelector('svg')).toBeNull()
  })

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
