import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'

let modal: ModalHandle | undefined
afterEach(() => {
  modal?.destroy()
  document.body.replaceChildren()
  localStorage.clear()
})

describe('focus trap', { timeout: 20_000 }, () => {
  it('moves focus into the dialog on open, keeps Tab inside, and returns it to the opener', async () => {
    const opener = document.createElement('button')
    opener.textContent = 'Open'
    document.body.append(opener)
    opener.focus()
    modal = createModal({ projectId: 'p', networks: [localNetwork()], features: NO_PLUGINS })
    const handle = modal
    act(() => handle.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    // The dialog can be found between two renders of the open: its first paint, then the kernel's view
    // swapped in at the same boxes. The swap drops the focused control, and the trap puts focus back on
    // the next mutation callback, so focus is asserted once the view has settled, not mid-swap.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    // Shift+Tab on the dialog's first control wraps to its last.
    const controls = [...dialog.querySelectorAll<HTMLElement>('button, a[href], input')]
    const [first, last] = [controls[0], controls.at(-1)]
    await waitFor(() => {
      act(() => first?.focus())
      fireEvent.keyDown(first as HTMLElement, { key: 'Tab', shiftKey: true })
      expect(document.activeElement).toBe(last)
    })
    act(() => handle.close())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })
})
