import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { closedListbox, type ListboxState, listboxKey } from './listboxKeys.ts'

export interface ListboxOption {
  value: string
  label: string
}

interface ListboxProps {
  label: string
  value: string
  options: readonly ListboxOption[]
  onChange(value: string): void
}

/**
 * A select-only combobox (WAI-ARIA APG): the closed control shows the choice; opened, a listbox of
 * options with arrows, Home/End, Page keys, type-ahead, Enter/Space to choose and Escape to close.
 * Focus stays on the combobox; the active option is its aria-activedescendant. Styled by the theme,
 * unlike a native select whose popup the page cannot style.
 */
export function Listbox({ label, value, options, onChange }: ListboxProps) {
  const id = useId()
  const labelId = `${id}-label`
  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`
  const [state, setState] = useState<ListboxState>(closedListbox)
  const listRef = useRef<HTMLDivElement>(null)
  const selected = Math.max(
    options.findIndex((option) => option.value === value),
    0,
  )
  const labels = options.map((option) => option.label)
  const choose = (index: number) => {
    const option = options[index]
    if (option && option.value !== value) onChange(option.value)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = listboxKey(state, event.key, labels, selected, event.timeStamp)
    if (step.handled) event.preventDefault()
    // Escape closes the open list only, not the modal around it.
    if (step.handled && event.key === 'Escape') event.stopPropagation()
    setState(step.state)
    if (step.chosen !== undefined) choose(step.chosen)
  }
  // The active option stays in view as the keys move through a long list.
  useEffect(() => {
    if (!state.open) return
    const active = listRef.current?.children[state.active]
    if (active && 'scrollIntoView' in active) active.scrollIntoView({ block: 'nearest' })
  }, [state.open, state.active])

  return (
    <div className="pt-listbox">
      <span id={labelId} className="pt-listbox-label">
        {label}
      </span>
      <div
        role="combobox"
        tabIndex={0}
        className="pt-listbox-control"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={state.open}
        aria-controls={listId}
        aria-activedescendant={state.open ? optionId(state.active) : undefined}
        onKeyDown={onKeyDown}
        onClick={() => setState((s) => ({ ...s, open: !s.open, active: selected }))}
        onBlur={() => setState((s) => ({ ...s, open: false }))}
      >
        <span className="pt-listbox-value">{options[selected]?.label ?? ''}</span>
        <svg className="pt-listbox-chevron" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        className="pt-listbox-popup"
        hidden={!state.open}
        tabIndex={-1}
      >
        {options.map((option, index) => (
          // Keyboard use goes through the combobox (aria-activedescendant); the pointer picks here.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys
          <div
            key={option.value}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === selected}
            className={
              index === state.active && state.open ? 'pt-listbox-option pt-active' : 'pt-listbox-option'
            }
            // Before the combobox's blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setState((s) => ({ ...s, open: false, active: index }))
              choose(index)
            }}
          >
            {option.label}
          </div>
        ))}
      </div>
    </div>
  )
}
