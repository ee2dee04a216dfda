/**
 * The select-only combobox's keyboard as plain data (WAI-ARIA APG "select-only combobox"): which option
 * is active, whether the list is open, and whether a key chose the active option.
 */
export interface ListboxState {
  open: boolean
  /** Index of the active (highlighted) option. */
  active: number
  /** What was typed within TYPEAHEAD_MS, for type-ahead. */
  typed: string
  typedAt: number
}

export interface ListboxStep {
  state: ListboxState
  /** The option chosen by this key (the list closes). */
  chosen?: number
  /** The key was the listbox's: the browser's default must not run. */
  handled: boolean
}

export const TYPEAHEAD_MS = 500

const clamp = (index: number, count: number) => Math.min(Math.max(index, 0), count - 1)

/** The first option from `from` on (wrapping) whose label starts with `text`, case-insensitively. */
export function matchTypeahead(labels: readonly string[], text: string, from: number): number | undefined {
  const wanted = text.toLocaleLowerCase()
  for (let step = 0; step < labels.length; step++) {
    const index = (from + step) % labels.length
    if (labels[index]?.toLocaleLowerCase().startsWith(wanted)) return index
  }
  return undefined
}

/**
 * One key press on the combobox. `selected` is the chosen option's index (where an opened list starts);
 * `now` the event time in ms (type-ahead keeps a buffer for TYPEAHEAD_MS).
 */
export function listboxKey(
  state: ListboxState,
  key: string,
  labels: readonly string[],
  selected: number,
  now: number,
): ListboxStep {
  const count = labels.length
  const keep = (next: Partial<ListboxState>, chosen?: number): ListboxStep => ({
    state: { ...state, ...next },
    handled: true,
    ...(chosen === undefined ? {} : { chosen }),
  })
  if (count === 0) return { state, handled: false }
  if (key.length === 1 && key !== ' ') {
    const typed = now - state.typedAt <= TYPEAHEAD_MS ? state.typed + key : key
    // Repeating one letter cycles through the options that start with it.
    const cycling = typed.length > 1 && [...typed].every((c) => c === typed[0])
    const start = state.open ? state.active : selected
    const match = cycling
      ? matchTypeahead(labels, key, start + 1)
      : matchTypeahead(labels, typed, typed.length === 1 ? start + 1 : start)
    return keep({ open: true, typed, typedAt: now, ...(match === undefined ? {} : { active: match }) })
  }
  if (!state.open) {
    if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ')
      return keep({ open: true, active: selected })
    if (key === 'Home') return keep({ open: true, active: 0 })
    if (key === 'End') return keep({ open: true, active: count - 1 })
    return { state, handled: false }
  }
  switch (key) {
    case 'ArrowDown':
      return keep({ active: clamp(state.active + 1, count) })
    case 'ArrowUp':
      return keep({ active: clamp(state.active - 1, count) })
    case 'Home':
      return keep({ active: 0 })
    case 'End':
      return keep({ active: count - 1 })
    case 'PageDown':
      return keep({ active: clamp(state.active + 10, count) })
    case 'PageUp':
      return keep({ active: clamp(state.active - 10, count) })
    case 'Enter':
    case ' ':
      return keep({ open: false }, state.active)
    case 'Escape':
      return keep({ open: false })
    case 'Tab':
      // Tab chooses the active option and moves on: the browser's default must run.
      return { state: { ...state, open: false }, chosen: state.active, handled: false }
    default:
      return { state, handled: false }
  }
}

export const closedListbox = (): ListboxState => ({ open: false, active: 0, typed: '', typedAt: 0 })
