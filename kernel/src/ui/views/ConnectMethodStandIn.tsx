import type { SocialProvider } from '@portico/shared-types'
import {
  type ConnectMethodPreview,
  type ConnectMethodPreviewButton,
  splitMarks,
} from '@portico/shared-types/plugin'
import { type FormEvent, useState } from 'react'
import { Button } from '../primitives/Button.tsx'
import { TextField } from '../primitives/TextField.tsx'
import { openPreviewPopup } from './previewPopup.ts'
import { buttonName, type StandInIntent } from './standInIntent.ts'

/**
 * The buttons a preview shows for the app's options: those with an `option` only when the method's
 * configured list has it, in that list's order; `last` ones after the others.
 */
export function previewButtons(
  preview: ConnectMethodPreview,
  configured: readonly string[] | undefined,
): ConnectMethodPreviewButton[] {
  const position = (button: ConnectMethodPreviewButton) =>
    button.option === undefined ? -1 : (configured?.indexOf(button.option) ?? -1)
  const shown = preview.buttons.filter((button) => button.option === undefined || position(button) !== -1)
  const ordered = [...shown].sort((a, b) => position(a) - position(b))
  return [...ordered.filter((button) => !button.last), ...ordered.filter((button) => button.last)]
}

/**
 * A connect method painted from its plugin's manifest before the plugin's code has loaded: the same
 * field and buttons, working controls whose use is recorded in `intent` (ConnectMethodSlot loads the
 * code and replays it onto the plugin's component).
 */
export function ConnectMethodStandIn({
  preview,
  socials,
  intent,
}: {
  preview: ConnectMethodPreview
  socials: SocialProvider[] | false
  intent: StandInIntent
}) {
  const [value, setValue] = useState(intent.value)
  // Options come from the app unchecked (a query override may give `true`): only a list is a list.
  const configured = preview.method === 'social' && Array.isArray(socials) ? socials : undefined
  const buttons = previewButtons(preview, configured)
  if (buttons.length === 0 && !preview.field) return null
  const press = (button: ConnectMethodPreviewButton) => {
    intent.pressed = button.label
    if (button.popup) intent.popup = openPreviewPopup(button.popup)
  }
  const primary = buttons.find((button) => button.primary)
  const { wide, marks } = preview.layout === 'marks' ? splitMarks(buttons) : { wide: buttons, marks: [] }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (primary && value.trim() !== '') press(primary)
  }
  const form = (
    <form
      className="pt-stack pt-gap-s pt-align-stretch"
      onSubmit={onSubmit}
      onFocus={(event) => {
        intent.focus = event.target instanceof HTMLInputElement ? 'field' : buttonName(event.target)
      }}
      onBlur={() => {
        intent.focus = undefined
      }}
      noValidate
    >
      {preview.field ? (
        <TextField
          label={preview.field.label}
          type={preview.field.type ?? 'text'}
          {...(preview.field.type === 'email' ? { inputMode: 'email' as const } : {})}
          {...(preview.field.placeholder ? { placeholder: preview.field.placeholder } : {})}
          value={value}
          onChange={(next) => {
            intent.value = next
            setValue(next)
          }}
        />
      ) : null}
      {wide.map((button) => (
        <Button
          key={button.label}
          type={button.primary ? 'submit' : 'button'}
          variant={button.primary ? 'primary' : 'secondary'}
          fullWidth
          disabled={button.needsField === true && value.trim() === ''}
          {...(button.mark ? { mark: button.mark } : {})}
          {...(button.primary ? {} : { onClick: () => press(button) })}
        >
          {button.label}
        </Button>
      ))}
      {marks.length > 0 ? (
        <div className="pt-marks">
          {marks.map((button) => (
            <Button
              key={button.label}
              aria-label={button.label}
              mark={button.mark}
              onClick={() => press(button)}
            />
          ))}
        </div>
      ) : null}
    </form>
  )
  // The same landmark as a labelled section of the plugin's (a region named by the preview).
  return preview.label ? <section aria-label={preview.label}>{form}</section> : form
}
