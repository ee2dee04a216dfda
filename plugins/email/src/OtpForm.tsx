import type { PluginContext } from '@portico/shared-types/plugin'
import { type FormEvent, useState } from 'react'
import { errorText } from './flow.ts'
import { OtpInput } from './OtpInput.tsx'
import { emptyOtp, type OtpDigits, otpOf } from './otpBoxes.ts'
import { strings } from './strings.ts'
import { useEmailStyles } from './styles.ts'
import { isCompleteOtp } from './validation.ts'

interface OtpFormProps {
  ctx: PluginContext
  description: string
  submit(otp: string): Promise<void>
  resend?(): Promise<void>
}

/** The six code boxes, Verify (also on the sixth digit), Resend, and the frame's error when one came back. */
export function OtpForm({ ctx, description, submit, resend }: OtpFormProps) {
  const { Text, Stack, Button } = ctx.ui
  useEmailStyles(ctx)
  const [digits, setDigits] = useState<OtpDigits>(emptyOtp)
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
      setDigits(emptyOtp())
    } finally {
      setBusy(false)
    }
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) void run(otpOf(digits))
  }
  const onDigits = (next: OtpDigits) => {
    if (busy) return
    setDigits(next)
    const code = otpOf(next)
    if (isCompleteOtp(code) && code !== otpOf(digits)) void run(code)
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
        <OtpInput digits={digits} onChange={onDigits} {...(error ? { error } : {})} />
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
