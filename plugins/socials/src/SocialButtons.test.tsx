// @vitest-environment jsdom

import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSharedFrames } from '../../embedded-wallet/src/session.ts'
import { FRAME_URL, readyPeer } from '../../embedded-wallet/test/testPeer.ts'
import { KEPT, PREPARED_FOR_MS, prepareLogin, takePreparedLogin } from './preparedLogin.ts'
import { socialsPreview } from './preview.ts'
import { PROVIDER_MARKS } from './providerMarks.ts'
import { SocialButtons } from './SocialButtons.tsx'
import { takePopup } from './social.ts'

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

  it('a provider pointed at gets its address asked at once; the press opens the popup straight at it', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1)
    vi.stubGlobal('cancelIdleCallback', () => {})
    const opened: string[] = []
    vi.stubGlobal('open', (url: string) => {
      opened.push(url)
      return { closed: false, close() {} }
    })
    const ctx = setup(['github', 'google'])
    render(<SocialButtons ctx={ctx} preview={socialsPreview} />)
    const github = screen.getByRole('button', { name: 'Continue with GitHub' })
    fireEvent.pointerEnter(github)
    let asked = 0
    await readyPeer({
      GET_SOCIAL_REDIRECT_URI: (message) => {
        asked += 1
        const { provider } = message.payload as { provider: string }
        return { ok: true, payload: { uri: `https://idp.test/${provider}/authorize?state=s${asked}` } }
      },
    })
    await waitFor(() => expect(asked).toBe(1))
    // Pointing again (or focus) asks nothing more while the address is fresh.
    fireEvent.pointerEnter(github)
    fireEvent.focus(github)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(asked).toBe(1)
    // The press opens the window at the provider, and hands the view that address.
    await waitFor(() => {
      fireEvent.click(github)
      expect(opened.at(-1)).toBe('https://idp.test/github/authorize?state=s1')
    })
    expect(takePopup(ctx).opened).toBe('https://idp.test/github/authorize?state=s1')
    expect(ctx.router.push).toHaveBeenCalledWith('ConnectingSocial', { provider: 'github' })
    // Used once: the next press opens a blank window and the view asks after the click.
    fireEvent.click(github)
    expect(opened.at(-1)).toBe('')
    expect(takePopup(ctx).opened).toBeUndefined()
  })
})

describe('prepared logins', () => {
  it('are used while fresh, only the newest KEPT are kept, and a failed ask leaves none', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1)
    vi.stubGlobal('cancelIdleCallback', () => {})
    const ctx = setup(['github', 'google', 'x'])
    let asked = 0
    const start = 1_000_000
    prepareLogin(ctx, 'github', start)
    await readyPeer({
      GET_SOCIAL_REDIRECT_URI: (message) => {
        asked += 1
        const { provider } = message.payload as { provider: string }
        if (provider === 'x') return { ok: false, message: 'Unknown social provider' }
        return { ok: true, payload: { uri: `https://idp.test/${provider}?state=${asked}` } }
      },
    })
    await waitFor(() => expect(asked).toBe(1))
    await waitFor(() =>
      expect(takePreparedLogin(ctx, 'github', start + 1)).toBe('https://idp.test/github?state=1'),
    )
    // Stale: past PREPARED_FOR_MS it is not used (the server forgets a login after 10 minutes).
    prepareLogin(ctx, 'github', start)
    await waitFor(() => expect(asked).toBe(2))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(takePreparedLogin(ctx, 'github', start + PREPARED_FOR_MS)).toBeUndefined()
    // Only the newest KEPT: a third provider pushes the first out (the server keeps 5 per frame).
    expect(KEPT).toBe(2)
    // (github's address of the second ask is still kept: pointing again asks nothing)
    prepareLogin(ctx, 'github', start)
    prepareLogin(ctx, 'google', start)
    prepareLogin(ctx, 'x', start)
    await waitFor(() => expect(asked).toBe(4))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(takePreparedLogin(ctx, 'github', start + 1)).toBeUndefined()
    expect(takePreparedLogin(ctx, 'google', start + 1)).toBe('https://idp.test/google?state=3')
    // The frame refused x: nothing kept, so the press asks again after the click.
    expect(takePreparedLogin(ctx, 'x', start + 1)).toBeUndefined()
  })
})
