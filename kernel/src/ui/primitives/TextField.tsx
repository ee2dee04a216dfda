import type { TextFieldProps } from '@portico/shared-types/plugin'
import { useId } from 'react'

export function TextField({
  label,
  value,
  onChange,
  error,
  placeholder,
  type = 'text',
  inputMode,
  autoFocus,
}: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="pt-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        // biome-ignore lint/a11y/noAutofocus: a plugin asks for it on single-field views
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <span id={errorId} role="alert" className="pt-text-small pt-tone-error">
          {error}
        </span>
      ) : null}
    </div>
  )
}
