import type { PluginContext } from '@portico/shared-types/plugin'
import { type FormEvent, useState } from 'react'
import { warmUpFrame } from '../../embedded-wallet/src/index.ts'
import { errorText, submitEmail, VIEWS } from './flow.ts'
import { strings } from './strings.ts'
import { parseEmail } from './validation.ts'

/**
 * The Connect view's email method (connectMethods 'email'): an address and Continue, and the passkey
 * login of the same embedded wallet (its ceremony runs in the frame's view, EmailPasskey).
 */
export function EmailConnect({ ctx }: { ctx: PluginContext }) {
  const { Stack, Button, TextField } = ctx.ui
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const email = parseEmail(value)
    if (!email) {
      setError(strings.invalidEmail)
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      await submitEmail(ctx, email)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={() => warmUpFrame(ctx)} noValidate>
      <Stack gap="s" align="stretch">
        <TextField
          label={strings.emailLabel}
          type="email"
          inputMode="email"
          placeholder={strings.emailPlaceholder}
          value={value}
          onChange={(next) => {
            setValue(next)
            setError(undefined)
          }}
          {...(error ? { error } : {})}
        />
        <Button type="submit" variant="primary" fullWidth loading={busy} disabled={value.trim() === ''}>
          {strings.continue}
        </Button>
        <Button type="button" variant="secondary" fullWidth onClick={() => ctx.router.push(VIEWS.passkey)}>
          {strings.passkeyButton}
        </Button>
      </Stack>
    </form>
  )
}
