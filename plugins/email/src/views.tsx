import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useEffect, useState } from 'react'
import { storedEmail } from '../../embedded-wallet/src/index.ts'
import {
  EMAIL_CONNECTOR_ID,
  errorText,
  resendCode,
  startEmailUpdate,
  submitOtp,
  submitPrimaryOtp,
  submitSecondaryOtp,
  waitForDevice,
} from './flow.ts'
import { OtpForm } from './OtpForm.tsx'
import { strings } from './strings.ts'
import { parseEmail } from './validation.ts'

const emailParam = (params: Record<string, unknown>) => (typeof params.email === 'string' ? params.email : '')

/** EmailVerifyOtp: the code of the login email. */
export function VerifyOtpView({ ctx, params }: PluginViewProps) {
  const email = emailParam(params)
  return (
    <OtpForm
      ctx={ctx}
      description={strings.codeSentTo(email)}
      submit={(otp) => submitOtp(ctx, email, otp)}
      resend={() => resendCode(ctx, email)}
    />
  )
}

/** EmailVerifyDevice: a new device waits for its approval link (CONNECT_DEVICE), then the code step. */
export function VerifyDeviceView({ ctx, params }: PluginViewProps) {
  const { Text, Stack, Button, Spinner } = ctx.ui
  const email = emailParam(params)
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt (Try again) listens afresh
  useEffect(() => {
    const controller = new AbortController()
    setError(undefined)
    waitForDevice(ctx, email, controller.signal).catch((failure: unknown) => {
      if (!controller.signal.aborted) setError(errorText(failure))
    })
    return () => controller.abort()
  }, [ctx, email, attempt])
  return (
    <Stack gap="m" align="stretch">
      <Text>{strings.approveDevice(email)}</Text>
      <Text variant="small" tone="secondary">
        {strings.deviceHint}
      </Text>
      {error ? (
        <div role="alert">
          <Text tone="error">{error}</Text>
        </div>
      ) : (
        <Spinner label={strings.waitingForDevice} />
      )}
      {error ? (
        <Button variant="primary" fullWidth onClick={() => setAttempt((n) => n + 1)}>
          {strings.tryAgain}
        </Button>
      ) : null}
      <Button
        variant="ghost"
        fullWidth
        onClick={() => void resendCode(ctx, email).catch((failure: unknown) => setError(errorText(failure)))}
      >
        {strings.resendLink}
      </Button>
    </Stack>
  )
}

/** UpdateEmail (Account menu): the new address, then the two confirmations. */
export function UpdateEmailView({ ctx }: PluginViewProps) {
  const { Text, Stack, Button, TextField } = ctx.ui
  const connectorId = ctx.useStore((state) => state.accounts.eip155?.connectorId)
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  if (connectorId !== EMAIL_CONNECTOR_ID) return <Text tone="secondary">{strings.notEmbedded}</Text>
  const current = storedEmail(ctx)
  const onSubmit = async () => {
    const email = parseEmail(value)
    if (!email) return setError(strings.invalidEmail)
    if (email.toLowerCase() === current?.toLowerCase()) return setError(strings.sameEmail)
    setBusy(true)
    setError(undefined)
    try {
      await startEmailUpdate(ctx, email)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy) void onSubmit()
      }}
    >
      <Stack gap="m" align="stretch">
        {current ? <Text tone="secondary">{current}</Text> : null}
        <TextField
          label={strings.newEmailLabel}
          type="email"
          inputMode="email"
          value={value}
          onChange={setValue}
          {...(error ? { error } : {})}
        />
        <Button type="submit" variant="primary" fullWidth loading={busy}>
          {strings.continue}
        </Button>
      </Stack>
    </form>
  )
}

/** UpdateEmailPrimaryOtp: the code sent to the current address. */
export function UpdatePrimaryOtpView({ ctx, params }: PluginViewProps) {
  const email = emailParam(params)
  return (
    <OtpForm
      ctx={ctx}
      description={strings.codeSentTo(storedEmail(ctx) ?? '')}
      submit={(otp) => submitPrimaryOtp(ctx, email, otp)}
    />
  )
}

/** UpdateEmailSecondaryOtp: the code sent to the new address; success returns to Account. */
export function UpdateSecondaryOtpView({ ctx, params }: PluginViewProps) {
  const email = emailParam(params)
  return (
    <OtpForm
      ctx={ctx}
      description={strings.codeSentTo(email)}
      submit={async (otp) => {
        await submitSecondaryOtp(ctx, otp)
        ctx.toast.success(strings.emailUpdated)
        ctx.router.reset('Account')
      }}
    />
  )
}
