import type { ClipboardEvent, KeyboardEvent } from 'react'
import { useId, useLayoutEffect, useRef } from 'react'
import { backspaceAt, moveFocus, type OtpDigits, type OtpStep, pasteInto, typeInto } from './otpBoxes.ts'
import { strings } from './strings.ts'

interface OtpInputProps {
  digits: OtpDigits
  onChange(digits: OtpDigits): void
  error?: string
}

/**
 * Six one-digit boxes under one group name; a paste or an autofilled code fills them all. Codes read
 * left to right in every language, so the group keeps that direction.
 */
export function OtpInput({ digits, onChange, error }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const errorId = `${useId()}-error`
  const cleared = digits.every((digit) => digit === '')
  // A refused code empties the boxes: typing starts again in the first. A layout effect, so focus has
  // moved in the same commit that shows the error: a passive effect can run after the next keystroke.
  useLayoutEffect(() => {
    if (cleared && boxes.current.includes(document.activeElement as HTMLInputElement))
      boxes.current[0]?.focus()
  }, [cleared])
  const apply = (step: OtpStep) => {
    onChange(step.digits)
    boxes.current[step.focus]?.focus()
  }
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault()
      apply(backspaceAt(digits, index))
      return
    }
    const target = moveFocus(event.key, index)
    if (target === undefined) return
    event.preventDefault()
    boxes.current[target]?.focus()
  }
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    apply(pasteInto(digits, index, event.clipboardData.getData('text')))
  }
  return (
    <fieldset className="pt-otp">
      <legend>{strings.codeLabel}</legend>
      <div className="pt-otp-boxes" dir="ltr">
        {digits.map((digit, index) => (
          <input
            // The boxes never reorder: the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed six boxes
            key={index}
            ref={(element) => {
              boxes.current[index] = element
            }}
            value={digit}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing this view asks for
            autoFocus={index === 0}
            aria-label={strings.digitLabel(index + 1)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onFocus={(event) => event.target.select()}
            onChange={(event) => apply(typeInto(digits, index, event.target.value))}
            onKeyDown={onKeyDown(index)}
            onPaste={onPaste(index)}
          />
        ))}
      </div>
      {error ? (
        <span id={errorId} role="alert" className="pt-text-small pt-tone-error">
          {error}
        </span>
      ) : null}
    </fieldset>
  )
}
