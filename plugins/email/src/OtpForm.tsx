import type { PluginContext } from '@portico/shared-types'
import { type FormEvent, useState } from 'react'
import { errorText } from './flow.ts'
import { strings } from './strings.ts'
import { cleanOtp, isCompleteOtp } from './validation.ts'

interface OtpFormProps {
  ctx: PluginContext
  description: string
  submit(otp: string): Promise<void>
  resend?(): Promise<void>
}

/** A 6-digit code, Verify (also on the sixth digit), Resend, and the frame's error when one came back. */
export function OtpForm({ ctx, description, submit, resend }: OtpFormProps) {
  const { Text, Stack, Button, TextField } = ctx.ui
  const [otp, setOtp] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const run = async (code: string) => {
    if (!isCompleteOtp(code)) {
      setError(strings.invalidCode)
      return
    }
    setBusy(true)
    setError(undefined)
    try {
      await submit(code)
    } catch (failure) {
      setError(errorText(failure))
      setOtp('')
    } finally {
      setBusy(false)
    }
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) void run(otp)
  }
  const onResend = async () => {
    if (!resend) return
    setError(undefined)
    try {
      await resend()
      ctx.toast.success(strings.resent)
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="m" align="stretch">
        <Text>{description}</Text>
        <TextField
          label={strings.codeLabel}
          value={otp}
          inputMode="numeric"
          autoFocus
          onChange={(value) => {
            const code = cleanOtp(value)
            setOtp(code)
            if (isCompleteOtp(code) && !busy) void run(code)
          }}
          {...(error ? { error } : {})}
        />
        <Text variant="small" tone="secondary">
          {strings.codeExpires}
        </Text>
        <Button type="submit" variant="primary" fullWidth loading={busy}>
          {busy ? strings.verifying : strings.verify}
        </Button>
        {resend ? (
          <Button variant="ghost" fullWidth disabled={busy} onClick={() => void onResend()}>
            {strings.resend}
          </Button>
        ) : null}
      </Stack>
    </form>
  )
}
