import type { ConnectMethodPreview } from '@portico/shared-types/plugin'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { type FormEvent, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConnectMethodStandIn, previewButtons } from './ConnectMethodStandIn.tsx'
import { emptyIntent, replayIntent } from './standInIntent.ts'

const socials: ConnectMethodPreview = {
  method: 'social',
  label: 'Social login',
  buttons: [
    { label: 'Continue with Google', option: 'google' },
    { label: 'Continue with GitHub', option: 'github' },
    { label: 'Continue with Farcaster', option: 'farcaster', last: true },
  ],
}

const email: ConnectMethodPreview = {
  method: 'email',
  field: { label: 'Email', type: 'email' },
  buttons: [{ label: 'Continue', primary: true, needsField: true }],
}

describe('previewButtons', () => {
  it('shows the configured options in the app’s order, `last` ones after, and unconditional buttons', () => {
    const labels = (list: string[] | undefined) => previewButtons(socials, list).map((button) => button.label)
    expect(labels(['farcaster', 'github', 'x'])).toEqual(['Continue with GitHub', 'Continue with Farcaster'])
    expect(labels(['github', 'google'])).toEqual(['Continue with GitHub', 'Continue with Google'])
    expect(labels(undefined)).toEqual([])
    expect(previewButtons(email, undefined).map((button) => button.label)).toEqual(['Continue'])
  })
})

/** Stands for a plugin's email component: a controlled field and a submit enabled by its text. */
function RealEmail({ onSubmit }: { onSubmit: (value: string) => void }) {
  const [value, setValue] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(value)
  }
  return (
    <form onSubmit={submit}>
      <label>
        Email
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="submit" disabled={value === ''}>
        Continue
      </button>
    </form>
  )
}

describe('a stand-in, then the plugin’s component', () => {
  it('what was typed and pressed on the stand-in reaches the component when it arrives', async () => {
    const intent = emptyIntent()
    const { container, rerender } = render(
      <ConnectMethodStandIn preview={email} socials={false} intent={intent} />,
    )
    const field = screen.getByRole('textbox', { name: 'Email' })
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true)
    fireEvent.focus(field)
    fireEvent.change(field, { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(intent).toMatchObject({ value: 'ada@example.com', pressed: 'Continue', focus: 'field' })
    const submitted = vi.fn()
    rerender(<RealEmail onSubmit={submitted} />)
    act(() => replayIntent(container, intent))
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'ada@example.com')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }))
    await vi.waitFor(() => expect(submitted).toHaveBeenCalledWith('ada@example.com'))
  })

  it('a social stand-in is a region named like the plugin’s section; a press is recorded by label', () => {
    const intent = emptyIntent()
    render(<ConnectMethodStandIn preview={socials} socials={['github', 'farcaster']} intent={intent} />)
    const region = screen.getByRole('region', { name: 'Social login' })
    expect([...region.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Continue with GitHub',
      'Continue with Farcaster',
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(intent.pressed).toBe('Continue with Farcaster')
  })

  it('in the marks layout the first button is wide with its name, the others marks named by their labels', () => {
    const marked: ConnectMethodPreview = {
      ...socials,
      layout: 'marks',
      buttons: socials.buttons.map((button, index) => ({ ...button, mark: `M${index} 0h1v1z` })),
    }
    const intent = emptyIntent()
    const { container } = render(
      <ConnectMethodStandIn preview={marked} socials={['github', 'google', 'farcaster']} intent={intent} />,
    )
    const view = within(container)
    const wide = view.getByRole('button', { name: 'Continue with GitHub' })
    expect(wide.textContent).toBe('Continue with GitHub')
    expect(wide.querySelector('path')?.getAttribute('d')).toBe('M1 0h1v1z')
    const row = container.querySelector('.pt-marks')
    expect(
      [...(row?.querySelectorAll('button') ?? [])].map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Continue with Google', 'Continue with Farcaster'])
    expect(view.getByRole('button', { name: 'Continue with Google' }).textContent).toBe('')
    fireEvent.focus(view.getByRole('button', { name: 'Continue with Farcaster' }))
    fireEvent.click(view.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(intent).toMatchObject({ pressed: 'Continue with Farcaster', focus: 'Continue with Farcaster' })
  })

  it('a press and focus on a mark reach the component’s button of the same name', async () => {
    const pressed = vi.fn()
    const { container } = render(
      <button type="button" aria-label="Continue with X" onClick={pressed}>
        <svg aria-hidden="true" />
      </button>,
    )
    act(() =>
      replayIntent(container, { ...emptyIntent(), focus: 'Continue with X', pressed: 'Continue with X' }),
    )
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Continue with X')
    await vi.waitFor(() => expect(pressed).toHaveBeenCalledTimes(1))
  })

  it('a press on a button with a popup opens that named window in the click; one without opens none', () => {
    const popup = { name: 'portico-social', width: 600, height: 800 }
    const preview: ConnectMethodPreview = {
      ...socials,
      buttons: socials.buttons.map((button) => (button.last ? button : { ...button, popup })),
    }
    const opened = { closed: false } as Window
    const open = vi.spyOn(window, 'open').mockReturnValue(opened)
    const intent = emptyIntent()
    const { container } = render(
      <ConnectMethodStandIn preview={preview} socials={['github', 'farcaster']} intent={intent} />,
    )
    const view = within(container)
    fireEvent.click(view.getByRole('button', { name: 'Continue with Farcaster' }))
    expect(open).not.toHaveBeenCalled()
    fireEvent.click(view.getByRole('button', { name: 'Continue with GitHub' }))
    expect(open).toHaveBeenCalledTimes(1)
    expect(open.mock.calls[0]?.slice(0, 2)).toEqual(['', 'portico-social'])
    expect(open.mock.calls[0]?.[2]).toMatch(/^popup,width=600,height=800,/)
    expect(intent).toMatchObject({ pressed: 'Continue with GitHub', popup: opened })
    open.mockRestore()
  })

  it('in a Telegram mini app a press opens no window (the login leaves the page itself)', () => {
    const popup = { name: 'portico-social', width: 600, height: 800 }
    const preview: ConnectMethodPreview = {
      ...socials,
      buttons: socials.buttons.map((button) => ({ ...button, popup })),
    }
    const open = vi.spyOn(window, 'open')
    Object.assign(window, { Telegram: { WebApp: {} } })
    try {
      const intent = emptyIntent()
      const { container } = render(
        <ConnectMethodStandIn preview={preview} socials={['github']} intent={intent} />,
      )
      fireEvent.click(within(container).getByRole('button', { name: 'Continue with GitHub' }))
      expect(open).not.toHaveBeenCalled()
      expect(intent).toMatchObject({ pressed: 'Continue with GitHub', popup: null })
    } finally {
      delete (window as { Telegram?: unknown }).Telegram
      open.mockRestore()
    }
  })

  it('a pointer that came in before the component did reaches its pointer-enter handler', () => {
    const entered = vi.fn()
    const { container } = render(
      <section aria-label="Social login" onPointerEnter={entered}>
        <button type="button">Continue with GitHub</button>
      </section>,
    )
    act(() => replayIntent(container, { ...emptyIntent(), pointerInside: true }))
    expect(entered).toHaveBeenCalledTimes(1)
    act(() => replayIntent(container, emptyIntent()))
    expect(entered).toHaveBeenCalledTimes(1)
  })

  it('socials set to something other than a list (an unchecked app option) paints no button, and does not throw', () => {
    const { container } = render(
      <ConnectMethodStandIn preview={socials} socials={true as unknown as false} intent={emptyIntent()} />,
    )
    expect(container.querySelectorAll('button')).toHaveLength(0)
  })
})
