import { describe, expect, it } from 'vitest'
import { closedListbox, type ListboxState, listboxKey, matchTypeahead, TYPEAHEAD_MS } from './listboxKeys.ts'

const LABELS = ['USDC', 'ETH', 'EURC', 'DAI']
const open = (active: number): ListboxState => ({ ...closedListbox(), open: true, active })

describe('the listbox keys', () => {
  it('arrows, Enter and Space open a closed list at the chosen option; other keys are left alone', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Enter', ' '])
      expect(listboxKey(closedListbox(), key, LABELS, 2, 0)).toMatchObject({
        state: { open: true, active: 2 },
        handled: true,
      })
    expect(listboxKey(closedListbox(), 'Tab', LABELS, 2, 0)).toMatchObject({ handled: false })
    expect(listboxKey(closedListbox(), 'Escape', LABELS, 2, 0)).toMatchObject({ handled: false })
  })

  it('arrows move within the open list and stop at its ends; Home and End jump', () => {
    expect(listboxKey(open(0), 'ArrowDown', LABELS, 0, 0).state.active).toBe(1)
    expect(listboxKey(open(3), 'ArrowDown', LABELS, 0, 0).state.active).toBe(3)
    expect(listboxKey(open(0), 'ArrowUp', LABELS, 0, 0).state.active).toBe(0)
    expect(listboxKey(open(2), 'Home', LABELS, 0, 0).state.active).toBe(0)
    expect(listboxKey(open(0), 'End', LABELS, 0, 0).state.active).toBe(3)
    expect(listboxKey(closedListbox(), 'End', LABELS, 0, 0).state).toMatchObject({ open: true, active: 3 })
  })

  it('Enter and Space choose the active option and close; Escape closes without choosing', () => {
    expect(listboxKey(open(2), 'Enter', LABELS, 0, 0)).toMatchObject({ state: { open: false }, chosen: 2 })
    expect(listboxKey(open(1), ' ', LABELS, 0, 0)).toMatchObject({ state: { open: false }, chosen: 1 })
    const escaped = listboxKey(open(1), 'Escape', LABELS, 0, 0)
    expect(escaped).toMatchObject({ state: { open: false }, handled: true })
    expect(escaped.chosen).toBeUndefined()
  })

  it('Tab chooses the active option and lets focus move on', () => {
    expect(listboxKey(open(1), 'Tab', LABELS, 0, 0)).toMatchObject({ chosen: 1, handled: false })
  })

  it('type-ahead finds the next option by its first letters; a pause starts a new search', () => {
    const e = listboxKey(open(0), 'e', LABELS, 0, 1000)
    expect(e.state.active).toBe(1)
    // Same letter again: the next option starting with it.
    expect(listboxKey(e.state, 'e', LABELS, 0, 1100).state.active).toBe(2)
    // "eu" within the pause: EURC.
    expect(listboxKey(e.state, 'u', LABELS, 0, 1100).state.active).toBe(2)
    // After the pause, "u" is a new search: USDC.
    expect(listboxKey(e.state, 'u', LABELS, 0, 1000 + TYPEAHEAD_MS + 1).state.active).toBe(0)
    // No match: the active option stays.
    expect(listboxKey(open(3), 'z', LABELS, 0, 0).state.active).toBe(3)
  })

  it('typing on the closed list opens it at the match', () => {
    expect(listboxKey(closedListbox(), 'd', LABELS, 0, 0).state).toMatchObject({ open: true, active: 3 })
  })

  it('an empty list ignores every key', () => {
    expect(listboxKey(closedListbox(), 'ArrowDown', [], 0, 0)).toMatchObject({ handled: false })
  })

  it('matches case-insensitively and wraps around', () => {
    expect(matchTypeahead(LABELS, 'us', 2)).toBe(0)
    expect(matchTypeahead(LABELS, 'x', 0)).toBeUndefined()
  })
})
