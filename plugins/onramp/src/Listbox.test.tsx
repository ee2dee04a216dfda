import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Listbox } from './Listbox.tsx'

afterEach(cleanup)

const OPTIONS = ['USD', 'EUR', 'GBP'].map((code) => ({ value: code.toLowerCase(), label: code }))

function Harness() {
  const [value, setValue] = useState('usd')
  return (
    <>
      <Listbox label="Currency" value={value} options={OPTIONS} onChange={setValue} />
      <output>{value}</output>
    </>
  )
}

describe('Listbox', () => {
  it('is a named combobox showing the choice, its list closed and out of the accessibility tree', () => {
    render(<Harness />)
    const combobox = screen.getByRole('combobox', { name: 'Currency' })
    expect(combobox.textContent).toBe('USD')
    expect(combobox.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('chooses with the keyboard: open, move, Enter; the active option is the active descendant', () => {
    render(<Harness />)
    const combobox = screen.getByRole('combobox', { name: 'Currency' })
    fireEvent.keyDown(combobox, { key: 'ArrowDown' })
    expect(combobox.getAttribute('aria-expanded')).toBe('true')
    const list = screen.getByRole('listbox', { name: 'Currency' })
    expect(list.id).toBe(combobox.getAttribute('aria-controls'))
    fireEvent.keyDown(combobox, { key: 'End' })
    const gbp = screen.getByRole('option', { name: 'GBP' })
    expect(combobox.getAttribute('aria-activedescendant')).toBe(gbp.id)
    fireEvent.keyDown(combobox, { key: 'Enter' })
    expect(screen.getByRole('status').textContent).toBe('gbp')
    expect(combobox.getAttribute('aria-expanded')).toBe('false')
    expect(combobox.getAttribute('aria-activedescendant')).toBeNull()
  })

  it('Escape closes without changing the choice; a click on an option chooses it', () => {
    render(<Harness />)
    const combobox = screen.getByRole('combobox', { name: 'Currency' })
    fireEvent.keyDown(combobox, { key: 'ArrowDown' })
    fireEvent.keyDown(combobox, { key: 'ArrowDown' })
    const escapes: string[] = []
    const onKeyDown = (event: KeyboardEvent) => escapes.push(event.key)
    document.addEventListener('keydown', onKeyDown)
    fireEvent.keyDown(combobox, { key: 'Escape' })
    // Closing the list is all Escape does: the modal around it never hears it.
    expect(escapes).toEqual([])
    fireEvent.keyDown(combobox, { key: 'Escape' })
    expect(escapes).toEqual(['Escape'])
    document.removeEventListener('keydown', onKeyDown)
    expect(screen.getByRole('status').textContent).toBe('usd')
    fireEvent.click(combobox)
    expect(screen.getByRole('option', { name: 'USD' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByRole('option', { name: 'EUR' }))
    expect(screen.getByRole('status').textContent).toBe('eur')
    expect(combobox.textContent).toBe('EUR')
  })

  it('leaving the combobox closes the list', () => {
    render(<Harness />)
    const combobox = screen.getByRole('combobox', { name: 'Currency' })
    fireEvent.click(combobox)
    fireEvent.blur(combobox)
    expect(combobox.getAttribute('aria-expanded')).toBe('false')
  })
})
