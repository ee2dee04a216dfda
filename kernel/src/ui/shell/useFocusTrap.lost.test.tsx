import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { expect, it, vi } from 'vitest'
import { useFocusTrap } from './useFocusTrap.ts'

function Dialog({ content }: { content: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, true)
  return (
    <div ref={ref} role="dialog" aria-label="Dialog" tabIndex={-1}>
      <div className="pt-body">
        <button key={content} type="button">
          {content}
        </button>
      </div>
    </div>
  )
}

it('focus stays in the dialog when its content is replaced', async () => {
  const { rerender } = render(<Dialog content="first" />)
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'first' }))
  act(() => rerender(<Dialog content="second" />))
  await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'second' })))
})
