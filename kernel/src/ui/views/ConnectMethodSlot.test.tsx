/**
 * A plugin that arrives while the visitor is pressing its stand-in's button: the press completes on
 * the stand-in and reaches the plugin's component once, instead of vanishing with the swapped-out button.
 */
import type { ConnectMethodPreview } from '@portico/shared-types/plugin'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KernelActions } from '../../actions.ts'
import type { Kernel } from '../../kernel.ts'
import { KernelContext } from '../kernelContext.ts'
import { ConnectMethodSlot } from './ConnectMethodSlot.tsx'
import { ConnectMethodStandIn } from './ConnectMethodStandIn.tsx'

const email: ConnectMethodPreview = {
  method: 'email',
  field: { label: 'Email', type: 'email' },
  buttons: [{ label: 'Continue', primary: true, needsField: true }],
}

function Slot({
  ready,
  onContinue,
  popup,
}: {
  ready: boolean
  onContinue: () => void
  popup?: { name: string; width: number; height: number }
}) {
  const kernel = { plugins: { ensureLoaded: vi.fn(async () => {}) } } as unknown as Kernel
  return (
    <KernelContext.Provider value={{ kernel, actions: {} as KernelActions }}>
      <ConnectMethodSlot pluginId="email" ready={ready}>
        {(intent, show): ReactNode =>
          show ? (
            <button type="button" onClick={onContinue}>
              Continue
            </button>
          ) : (
            <ConnectMethodStandIn
              preview={{ ...email, buttons: [{ label: 'Continue', ...(popup ? { popup } : {}) }] }}
              socials={false}
              intent={intent}
            />
          )
        }
      </ConnectMethodSlot>
    </KernelContext.Provider>
  )
}

afterEach(cleanup)

const task = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('ConnectMethodSlot', () => {
  it('a press under way when the plugin arrives finishes on the stand-in and is replayed once', async () => {
    const onContinue = vi.fn()
    const view = render(<Slot ready={false} onContinue={onContinue} />)
    const standInButton = screen.getByRole('button', { name: 'Continue' })
    fireEvent.pointerDown(standInButton)
    // The plugin's code arrives between pointer-down and pointer-up.
    view.rerender(<Slot ready onContinue={onContinue} />)
    expect(screen.getByRole('button', { name: 'Continue' })).toBe(standInButton)
    fireEvent.pointerUp(standInButton)
    fireEvent.click(standInButton)
    await task()
    await task()
    expect(screen.getByRole('button', { name: 'Continue' })).not.toBe(standInButton)
    expect(onContinue).toHaveBeenCalledTimes(1)
  })

  it('with no press under way the component replaces the stand-in at once; later presses stay on it', async () => {
    const onContinue = vi.fn()
    const view = render(<Slot ready={false} onContinue={onContinue} />)
    const standInButton = screen.getByRole('button', { name: 'Continue' })
    view.rerender(<Slot ready onContinue={onContinue} />)
    const component = screen.getByRole('button', { name: 'Continue' })
    expect(component).not.toBe(standInButton)
    fireEvent.pointerDown(component)
    await task()
    expect(screen.getByRole('button', { name: 'Continue' })).toBe(component)
    fireEvent.click(component)
    expect(onContinue).toHaveBeenCalledTimes(1)
  })

  it('a window a stand-in’s press opened is closed when the plugin never takes it, and left open when it does', () => {
    const popup = { name: 'portico-social', width: 600, height: 800 }
    const windowOf = () => {
      const opened = { closed: false, close: vi.fn() }
      vi.spyOn(window, 'open').mockReturnValueOnce(opened as unknown as Window)
      return opened
    }
    const abandoned = windowOf()
    const gone = render(<Slot ready={false} onContinue={() => {}} popup={popup} />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    gone.unmount()
    expect(abandoned.close).toHaveBeenCalledTimes(1)

    const taken = windowOf()
    const kept = render(<Slot ready={false} onContinue={() => {}} popup={popup} />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    kept.rerender(<Slot ready onContinue={() => {}} popup={popup} />)
    kept.unmount()
    expect(taken.close).not.toHaveBeenCalled()
    vi.restoreAllMocks()
  })
})
